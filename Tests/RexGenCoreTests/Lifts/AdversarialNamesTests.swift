import Foundation
import XCTest

/// Issue 28: generated code must mean the user's type wherever it names one, in every generic context it
/// writes, and a user type named like something generated code uses must not capture it. CombineFeedback's
/// example app declares its root as a top-level `enum Event` and its state `struct State`; inside
/// `extension CombineFeedback.Feedback`, `Event` and `State` are Feedback's generic parameters, so a lift that
/// writes `Feedback<GlobalState, Event>` for the app's `Event` does not compile, or compiles and means
/// something else.
///
/// A property test: random action trees (AdversarialActionTrees.swift) named from the frameworks' generic
/// parameters and associated types, RexGen's own generic parameters, stdlib and framework type names and
/// Swift keywords, nested and at top level, beside user types that shadow what generated code names, with generic
/// children in the trees and generic enums beside them (their parameters named from the same lists). Each is
/// generated with every lift framework and `--case-paths`, once for each CombineFeedback API, and type-checked
/// (Swift 6 and Swift 5 modes, warnings as errors) against the stand-ins (Tests/Fixtures/SwiftRex,
/// Tests/Fixtures/Feedback) and swift-case-paths 1.10.0's CasePathsCore from the package mirror, with usage
/// files that call every lift with its result annotated with the user's types.
///
/// - `REXGEN_PROPERTY_TREES=200`: how many random programs (default 8; the control draws half as many).
/// - `REXGEN_PROPERTY_SEED=0x…`: only that program (the seed a failure prints).
/// - `REXGEN_PROPERTY_BASE_SEED=…`: another run of programs.
/// - `REXGEN_PROPERTY_JOBS=…`: concurrent compiler runs (default 2).
/// - `REXGEN_PROPERTY_KEEP=1`: keep the work folders (their paths are printed).
/// - `REXGEN_PROPERTY_ERRORS=/path/file.tsv`: append every compiler error (group, mode, file, message, line).
/// - `REXGEN_SKIP_CASE_PATHS_CORE=1`: leave CasePathsCore out (when /opt/swift-packages has no mirror of it).
final class AdversarialNamesTests: XCTestCase {
    static let defaultBaseSeed: UInt64 = 0x5EED_0028

    // MARK: - Tests

    /// Adversarial names everywhere; expected to fail until the generator qualifies what it names.
    func testAdversarialNamesCompile() throws {
        let inputs = Self.randomInputs(pools: .adversarial, defaultCount: 8, seedOffset: 0)
        try assertCompile(inputs, title: "adversarial names")
    }

    /// Programs these tests once drew whose generated code did not compile, each fixed since: a root nested in
    /// `` `Self` `` (its protocol said `` `Self`.Element ``), a top-level type `` `Self` `` (the case paths'
    /// alias meant it), the sources' own `Never` (top level and nested: its case paths were left out), roots
    /// named `Self` and `Case` (`var self`, `var case`), a top-level `AllCasePaths` carried by a nested enum
    /// (the conformance's member replaced it), and a qualification whose first name the enum's own member
    /// hides (`Case.Any.Event` inside `Case.State`, which declares `Case`). The seeds mean these programs only
    /// with today's name pools, drawn without generic enums or structs (which came later, each of their bugs with a test
    /// of its own): when the pools change, replace them with the programs' sources.
    func testProgramsThatOnceBrokeTheBuildCompile() throws {
        let seeds: [UInt64] = [0x24e8_46da_ad74_9197, 0xaaf7_a2cb_f467_75a9, 0xae79_b41f_cf4a_fbc7, 0xc0f1_ccb8_d42e_d5f4,
                               0xe06a_6b5a_7831_021e, 0x7402_583b_a753_6042, 0x31b1_3c0e_41f2_7d5c, 0x9e6e_0499_d842_917b]
        var pools = AdversarialNamePools.adversarial
        pools.genericEnumCount = 0...0
        pools.genericChildPercent = 0
        pools.genericScopePercent = 0
        pools.aliasPercent = 0
        try assertCompile(Self.inputs(seeds: seeds, pools: pools), title: "programs that once broke the build")
    }

    /// The control: the same harness, shapes and usage files with ordinary names only must pass on the current
    /// generator, so what fails above is the names, not the harness.
    func testOrdinaryNamesCompile() throws {
        let inputs = Self.randomInputs(pools: .ordinary, defaultCount: 3, seedOffset: 1_000, share: 2)
        try assertCompile(inputs, title: "ordinary names")
    }

    /// CombineFeedback's example app's shape, written out: a top-level `enum Event` root and `struct State`,
    /// each feature's `State` and `Event` in a namespace (`Counter.State`, `Counter.Event`).
    func testCombineFeedbackExampleShapeCompiles() throws {
        try assertCompile([Self.combineFeedbackExample], title: "CombineFeedback example")
    }

    /// Proof that the usage files catch a lift that exists but does not apply to the user's types: the
    /// generated lifts for middlewares that read no state (`StateType == Void`) are narrowed to classes, which
    /// still compiles, and the usage file must then fail to find them (and only the usage file may fail).
    func testUsageCatchesALiftThatDoesNotApply() throws {
        let input = Self.randomInputs(pools: .ordinary, defaultCount: 1, seedOffset: 1_000, ignoringEnvironment: true)[0]
        let work = try workDirectory()
        let prepared = try prepare(input, index: 0, in: work)
        XCTAssertNil(prepared.problem)
        let liftFile = prepared.release.appendingPathComponent(LiftTestSupport.liftFileName)
        let text = try LiftTestSupport.read(liftFile)
        let voidState = try NSRegularExpression(
            pattern: "(extension (SwiftRex\\.)?MiddlewareProtocol where [^{\\n]*StateType == (Swift\\.)?Void) \\{")
        let range = NSRange(text.startIndex..., in: text)
        XCTAssertGreaterThan(voidState.numberOfMatches(in: text, range: range), 0, "the mutation's target is gone; update this test")
        try Data(voidState.stringByReplacingMatches(in: text, range: range, withTemplate: "$1, Self: AnyObject {").utf8)
            .write(to: liftFile)
        let job = try XCTUnwrap(prepared.jobs.first { $0.group == .swiftRexAndCasePaths && $0.mode == .swift6 })
        let result = try Self.run(job)
        XCTAssertNotEqual(result.exitCode, 0, "the usage files did not notice the lifts no longer apply:\n\(result.summary)")
        let errors = Self.errors(in: result, resolvingFrom: prepared.work)
        XCTAssertFalse(errors.isEmpty, result.summary)
        XCTAssertTrue(errors.allSatisfy { $0.file == "UsageSwiftRex.swift" }, "not only the usage file failed:\n\(result.summary)")
    }

    // MARK: - Inputs

    /// One app to generate for and compile: its sources, its trees for the usage files, and extra usage files.
    struct Input {
        var label: String
        var files: [String: String]
        var trees: [AdversarialUsage.Tree]
        /// Generic action enums beside the trees, with the usage's generic arguments.
        var generics: [AdversarialUsage.Node] = []
        var userState: String?
        var extraUsage: [AdversarialUsage.Group: [String: String]] = [:]
        /// Generic children given a generic parameter in scope at their case: printed, so a run shows it drew them.
        var passedParameters = 0
        /// Tree nodes carried by a case outside the generic struct around them, which writes its arguments.
        var scopeArgumentsWritten = 0
        /// Tree nodes whose carrying case names a typealias of them.
        var carriedThroughAnAlias = 0
        /// Of those, the ones whose typealias RexGen does not follow (declared in a namespace, with arguments).
        var carriedThroughAnUnfollowedAlias = 0
        /// Of those, the ones whose typealias is generic itself (`typealias Pg<X> = Page<X>`).
        var carriedThroughAGenericAlias = 0
    }

    /// The programs of one test: `defaultCount`, or `REXGEN_PROPERTY_TREES` divided by `share`, drawn from seeds
    /// `seedOffset`… after the base seed, so two tests never draw the same seeds; or `REXGEN_PROPERTY_SEED` alone.
    static func randomInputs(pools: AdversarialNamePools, defaultCount: Int, seedOffset: Int, share: Int = 1,
                             ignoringEnvironment: Bool = false) -> [Input] {
        let environment = ignoringEnvironment ? [:] : ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let single = environment["REXGEN_PROPERTY_SEED"].flatMap(parseSeed) {
            seeds = [single]
        } else {
            let base = environment["REXGEN_PROPERTY_BASE_SEED"].flatMap(parseSeed) ?? defaultBaseSeed
            let count = environment["REXGEN_PROPERTY_TREES"].flatMap { Int($0) }.map { max(1, $0 / share) } ?? defaultCount
            seeds = (0..<count).map { AdversarialRNG.programSeed(base: base, index: seedOffset + $0) }
        }
        return inputs(seeds: seeds, pools: pools)
    }

    static func inputs(seeds: [UInt64], pools: AdversarialNamePools) -> [Input] {
        seeds.map { seed in
            var program = AdversarialProgram.wellFormed(seed: seed, pools: pools)
            let rendered = program.render()
            return Input(label: "seed 0x" + String(seed, radix: 16), files: rendered.files, trees: rendered.trees,
                         generics: rendered.generics, userState: rendered.userState,
                         passedParameters: program.childrenGivenAParameterInScope,
                         scopeArgumentsWritten: program.childrenGivenTheirScopesArguments,
                         carriedThroughAnAlias: program.childrenCarriedThroughAnAlias,
                         carriedThroughAnUnfollowedAlias: program.childrenCarriedThroughAnUnfollowedAlias,
                         carriedThroughAGenericAlias: program.childrenCarriedThroughAGenericAlias)
        }
    }

    private static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }

    // MARK: - The CombineFeedback example

    static let combineFeedbackExample: Input = {
        let source = """
            // CombineFeedback's example app: the root event is a top-level `enum Event`, the app's state a
            // top-level `struct State`, and each feature keeps its own `State` and `Event` in a namespace.
            enum Event {
                case counter(Counter.Event)
                case movies(Movies.Event)
                case signIn(SignIn.Event)
                case traffic(TrafficLight.Event)
            }

            struct State {
                var counter = Counter.State()
                var movies = Movies.State()
                var signIn = SignIn.State()
                var traffic = TrafficLight.State.red
            }

            enum Counter {
                struct State {
                    var count = 0
                }

                enum Event {
                    case increment
                    case decrement
                }
            }

            enum Movies {
                struct State {
                    var movies: [String] = []
                    var page = 1
                }

                enum Event {
                    case didLoad([String])
                    case didFail(String)
                    case fetchNext
                }
            }

            enum SignIn {
                struct State {
                    var userName = ""
                    var isAvailable = false
                }

                enum Event {
                    case didChangeUserName(String)
                    case availability(Bool)
                    case signIn
                    case didSignIn(Bool)
                }
            }

            enum TrafficLight {
                enum State {
                    case red, yellow, green
                }

                enum Event {
                    case next
                }
            }

            """
        let app = AdversarialProgram.moduleName
        func node(_ type: String, _ cases: [(String, String)], _ path: [String]) -> AdversarialUsage.Node {
            AdversarialUsage.Node(type: "\(app).\(type)", cases: cases.map { AdversarialUsage.Case(name: $0.0, payload: $0.1) },
                                  casePath: path)
        }
        let tree = AdversarialUsage.Tree(root: "\(app).Event", joinedName: "Event", nodes: [
            node("Event", [("counter", "\(app).Counter.Event"), ("movies", "\(app).Movies.Event"),
                           ("signIn", "\(app).SignIn.Event"), ("traffic", "\(app).TrafficLight.Event")], []),
            node("Counter.Event", [("increment", "Swift.Void"), ("decrement", "Swift.Void")], ["counter"]),
            node("Movies.Event", [("didLoad", "[Swift.String]"), ("didFail", "Swift.String"), ("fetchNext", "Swift.Void")],
                 ["movies"]),
            node("SignIn.Event", [("didChangeUserName", "Swift.String"), ("availability", "Swift.Bool"),
                                  ("signIn", "Swift.Void"), ("didSignIn", "Swift.Bool")], ["signIn"]),
            node("TrafficLight.Event", [("next", "Swift.Void")], ["traffic"]),
        ])
        // The example's own pullbacks: each feature's reducer and feedback into the app's `State` and `Event`.
        let release = """
            import CasePaths
            import CombineFeedback

            func example(
                counter: @escaping CombineFeedback.Reducer<\(app).Counter.State, \(app).Counter.Event>,
                movies: CombineFeedback.Feedback<\(app).Movies.State, \(app).Movies.Event>
            ) {
                let _: CombineFeedback.Reducer<\(app).State, \(app).Event> = \(app).pullbackToEvent(counter, state: \\\(app).State.counter)
                let _: CombineFeedback.Feedback<\(app).State, \(app).Event> = movies.pullbackToEvent(state: \\\(app).State.movies)
                let _: CasePaths.CasePath<\(app).Event, \(app).Counter.Event> = \(app).Counter.Event.eventCasePath
            }

            """
        let master = """
            import CasePaths
            import CombineFeedback

            func example(
                counter: CombineFeedback.Reducer<\(app).Counter.State, \(app).Counter.Event>,
                movies: CombineFeedback.Feedback<\(app).Movies.State, \(app).Movies.Event, AdvDeps>,
                store: CombineFeedback.Store<\(app).State, \(app).Event>
            ) {
                let _: CombineFeedback.Reducer<\(app).State, \(app).Event> = counter.pullbackToEvent(state: \\\(app).State.counter)
                let _: CombineFeedback.Feedback<\(app).State, \(app).Event, AdvDeps> = movies.pullbackToEvent(state: \\\(app).State.movies)
                let _: CombineFeedback.Feedback<\(app).State, \(app).Event, AdvWorld> = movies.pullbackToEvent(state: \\\(app).State.movies, dependency: \\AdvWorld.deps)
                let _: CombineFeedback.Store<\(app).Counter.State, \(app).Counter.Event> = store.scoped(to: \\\(app).State.counter, event: \(app).Counter.Event.self)
            }

            """
        let reactive = """
            import ReactiveFeedback

            func example(
                counter: @escaping ReactiveFeedback.Reducer<\(app).Counter.State, \(app).Counter.Event>,
                movies: ReactiveFeedback.FeedbackLoop<\(app).Movies.State, \(app).Movies.Event>.Feedback,
                store: ReactiveFeedback.Store<\(app).State, \(app).Event>
            ) {
                let _: ReactiveFeedback.Reducer<\(app).State, \(app).Event> = \(app).pullbackToEvent(counter, state: \\\(app).State.counter)
                let _: ReactiveFeedback.FeedbackLoop<\(app).State, \(app).Event>.Feedback = movies.pullbackToEvent(state: \\\(app).State.movies)
                let _: ReactiveFeedback.Store<\(app).Counter.State, \(app).Counter.Event> = store.view(value: \\\(app).State.counter, event: \(app).Counter.Event.self)
            }

            """
        return Input(label: "CombineFeedback example", files: ["App/Example.swift": source], trees: [tree],
                     userState: "\(app).State",
                     extraUsage: [.combineFeedbackRelease: ["UsageExample.swift": release],
                                  .combineFeedbackMaster: ["UsageExample.swift": master],
                                  .reactiveFeedback: ["UsageExample.swift": reactive]])
    }()

    // MARK: - Harness

    struct Job {
        var input: Int
        var group: AdversarialUsage.Group
        var mode: LiftTestSupport.LanguageMode
        var arguments: [String]
    }

    struct Prepared {
        var work: URL
        var release: URL
        var master: URL
        var jobs: [Job]
        /// Tree nodes used with generic arguments (theirs or a type's around them), and those of them with a
        /// lift conformance: printed, so a run shows the generic paths were tried, not only left out.
        var genericNodes = 0
        var liftedGenericNodes = 0
        /// Set when the app's own sources do not compile (a bug in this test) or rexgen failed.
        var problem: String?
    }

    struct CompilerError: Hashable {
        var file: String
        var line: Int
        var message: String
        var sourceLine: String
    }

    /// Generates for every input, compiles every (group, mode) of each, and fails once per broken input with
    /// its seed, sources and errors.
    private func assertCompile(_ inputs: [Input], title: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let started = Date()
        let work = try workDirectory()
        var prepared: [Prepared] = []
        for (index, input) in inputs.enumerated() {
            prepared.append(try prepare(input, index: index, in: work))
        }
        let jobs = prepared.flatMap { $0.problem == nil ? $0.jobs : [] }
        let results = try Self.runAll(jobs)
        var failedInputs = 0
        var distinct: [String: Int] = [:]
        for (index, input) in inputs.enumerated() {
            var report = ""
            if let problem = prepared[index].problem { report += problem + "\n" }
            var previous: (group: AdversarialUsage.Group, errors: [CompilerError])?
            for (job, result) in zip(jobs, results) where job.input == index && result.exitCode != 0 {
                let errors = Self.errors(in: result, resolvingFrom: prepared[index].work)
                Self.recordErrors(errors, job: job, input: input)
                for error in errors where !error.file.hasPrefix("App/") {
                    distinct["\(error.message)\n        \(error.sourceLine)", default: 0] += 1
                }
                report += "--- \(job.group.rawValue), Swift \(job.mode.rawValue) mode: \(errors.count) errors"
                if let previous, previous.group == job.group, previous.errors == errors, !errors.isEmpty {
                    report += ", the same as in Swift 6 mode\n"
                    continue
                }
                previous = (job.group, errors)
                report += "\n" + errors.prefix(12).map { "\($0.file):\($0.line): \($0.message)\n        \($0.sourceLine)" }
                    .joined(separator: "\n")
                if errors.count > 12 { report += "\n... \(errors.count - 12) more" }
                if errors.isEmpty { report += LiftTestSupport.excerpt(result, lines: 20) }
                report += "\n"
            }
            guard !report.isEmpty else { continue }
            failedInputs += 1
            let sources = input.files.sorted { $0.key < $1.key }.map { "// \($0.key)\n\($0.value)" }.joined(separator: "\n")
            let reproduce = input.label.hasPrefix("seed ")
                ? "\nreproduce: REXGEN_PROPERTY_SEED=\(input.label.dropFirst(5)) swift test --filter AdversarialNamesTests\n" : "\n"
            XCTFail("\(title), \(input.label): generated code does not compile\(reproduce)"
                    + "work folder (kept with REXGEN_PROPERTY_KEEP=1): \(prepared[index].work.path)\n"
                    + "\(report)\n--- the app's sources\n\(sources)", file: file, line: line)
        }
        let seconds = Int(Date().timeIntervalSince(started).rounded())
        print("\(title): \(inputs.count) programs, \(jobs.count) compiler runs, \(failedInputs) failing, \(seconds) s; "
              + "\(prepared.map(\.liftedGenericNodes).reduce(0, +)) of \(prepared.map(\.genericNodes).reduce(0, +)) generic "
              + "tree nodes lifted, \(inputs.map(\.passedParameters).reduce(0, +)) given a parameter in scope at their case, "
              + "\(inputs.map(\.scopeArgumentsWritten).reduce(0, +)) named with a generic struct's arguments, "
              + "\(inputs.map(\.carriedThroughAnAlias).reduce(0, +)) carried through a typealias "
              + "(\(inputs.map(\.carriedThroughAnUnfollowedAlias).reduce(0, +)) one RexGen does not follow, "
              + "\(inputs.map(\.carriedThroughAGenericAlias).reduce(0, +)) of them generic)")
        if !distinct.isEmpty {
            print("\(title): \(distinct.count) distinct errors outside the app's sources (count, message, line):")
            for (text, count) in distinct.sorted(by: { $0.value > $1.value }).prefix(60) { print("  \(count)× \(text)") }
        }
    }

    /// Writes the app, checks it compiles alone, generates for it (release and master), and writes the usage files.
    private func prepare(_ input: Input, index: Int, in root: URL) throws -> Prepared {
        let modules = try AdversarialStandIns.modules()
        let work = root.appendingPathComponent("\(index)")
        try TestSupport.write(input.files.merging(["rexgen.yml": "# empty: no rexgen.yml from folders above\n"]) { $1 },
                              under: work)
        let release = work.appendingPathComponent("Generated/Release")
        let master = work.appendingPathComponent("Generated/Master")
        var prepared = Prepared(work: work, release: release, master: master, jobs: [])
        let appFiles = input.files.keys.sorted().map { work.appendingPathComponent($0).path }

        let alone = try LiftTestSupport.swiftc(.swift6, Self.typecheckArguments(modules: []) + appFiles)
        if alone.exitCode != 0 {
            prepared.problem = "HARNESS BUG: the app's own sources do not compile:\n\(LiftTestSupport.excerpt(alone, lines: 20))"
            return prepared
        }
        let common = ["App", "--case-paths", "--no-cache"]
        var warnings = ""
        for (output, arguments) in [
            (release, ["--lift", "swiftrex", "--lift", "combinefeedback", "--lift", "reactivefeedback"]),
            (master, ["--lift", "combinefeedback", "--combine-feedback-api", "master"]),
        ] {
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            let result = try TestSupport.rexgen(common + arguments + ["--output", output.path], in: work)
            if result.exitCode != 0 || result.crashed || result.timedOut {
                prepared.problem = "rexgen failed:\n\(result.summary)"
                return prepared
            }
            warnings += result.stderr
        }
        let liftFile = (try? LiftTestSupport.read(release.appendingPathComponent(LiftTestSupport.liftFileName))) ?? ""
        let generated = AdversarialUsage.GeneratedMembers(texts: try LiftTestSupport.swiftFiles(in: release)
            .map { try LiftTestSupport.read($0) })
        let trees = input.trees.map { $0.naming(from: liftFile).conforming(in: generated) }
        for tree in trees {
            let generic = tree.nodes.filter { $0.type.contains("<") }
            prepared.genericNodes += generic.count
            prepared.liftedGenericNodes += generic.filter { !tree.liftless.contains($0.type) }.count
        }
        // A node RexGen gives no lift conformance must be left out with a warning or a note, never silently.
        for tree in trees {
            for type in tree.liftless.sorted() {
                let name = AdversarialUsage.plainName(type)
                let unfollowed = tree.nodes.first { $0.type == type }?.carriedThroughUnfollowedAlias
                guard warnings.split(separator: "\n").contains(where: { line in
                    line.contains("'\(name)' ") && line.hasSuffix("\(tree.joinedName)Convertible conformance is generated for it")
                        || unfollowed.map { line.contains("names action enum '\($0)' through typealias") } == true
                }) else {
                    prepared.problem = "no \(tree.joinedName)Convertible conformance for \(type), and no diagnostic says why:\n\(warnings)"
                    return prepared
                }
            }
        }
        // A value property RexGen leaves out must be left out with a warning, and a conformance with a note,
        // never silently.
        let nodes = trees.flatMap(\.nodes) + input.generics
        for node in nodes where !generated.casePathable.contains(AdversarialUsage.plainName(node.type)) {
            guard warnings.split(separator: "\n").contains(where: {
                $0.contains("note: enum '\(AdversarialUsage.plainName(node.type))' ") && $0.hasSuffix("no CasePathable conformance is generated for it")
            }) else {
                prepared.problem = "no CasePathable conformance for \(node.type), and no note says why:\n\(warnings)"
                return prepared
            }
        }
        for node in nodes {
            for enumCase in node.cases where enumCase.hasMembers
                && !generated.valueProperties.contains(AdversarialUsage.plainName(node.type) + "." + enumCase.name)
                && !warnings.contains("warning: property '\(enumCase.name)' is not generated for case '\(enumCase.name)") {
                prepared.problem = "no value property for \(node.type).\(enumCase.name), and no warning says why:\n\(warnings)"
                return prepared
            }
        }
        for group in AdversarialUsage.Group.allCases {
            let usage = work.appendingPathComponent("Usage/\(group.rawValue)")
            var files = AdversarialUsage.files(for: group, trees: trees, generics: input.generics, userState: input.userState,
                                               generated: generated)
            if !modules.hasCasePathsCore { files["UsageCasePaths.swift"] = nil }
            files.merge(input.extraUsage[group] ?? [:]) { $1 }
            try TestSupport.write(files, under: usage)
            let generated = group == .combineFeedbackMaster ? master : release
            let sources = appFiles + (try LiftTestSupport.swiftFiles(in: generated).map(\.path))
                + files.keys.sorted().map { usage.appendingPathComponent($0).path }
            for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
                prepared.jobs.append(Job(input: index, group: group, mode: mode,
                                         arguments: Self.typecheckArguments(modules: modules.directories(for: group)) + sources))
            }
        }
        return prepared
    }

    private static func typecheckArguments(modules: [URL]) -> [String] {
        ["-typecheck", "-parse-as-library", "-module-name", AdversarialProgram.moduleName]
            + modules.flatMap { ["-I", $0.path] }
    }

    static func run(_ job: Job) throws -> ProcessResult {
        try LiftTestSupport.swiftc(job.mode, job.arguments)
    }

    /// Runs the jobs `REXGEN_PROPERTY_JOBS` at a time (default 2), results in job order.
    private static func runAll(_ jobs: [Job]) throws -> [ProcessResult] {
        let width = max(1, ProcessInfo.processInfo.environment["REXGEN_PROPERTY_JOBS"].flatMap { Int($0) } ?? 2)
        let queue = JobQueue(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: min(width, max(1, jobs.count))) { _ in
            while let index = queue.take() {
                queue.store(index, Result { try run(jobs[index]) })
            }
        }
        return try queue.results.map { try $0!.get() }
    }

    private final class JobQueue: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int
        private(set) var results: [Result<ProcessResult, Error>?]

        init(count: Int) {
            self.count = count
            results = Array(repeating: nil, count: count)
        }

        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }

        func store(_ index: Int, _ result: Result<ProcessResult, Error>) {
            lock.lock()
            defer { lock.unlock() }
            results[index] = result
        }
    }

    /// The compiler's `path:line:col: error:` lines, with paths relative to `work` and the line they point at.
    static func errors(in result: ProcessResult, resolvingFrom work: URL? = nil) -> [CompilerError] {
        var errors: [CompilerError] = []
        var seen: Set<String> = []
        for line in result.stderrLines {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":")
            guard location.count >= 3, let number = Int(location[location.count - 2]) else { continue }
            let path = location.dropLast(2).joined(separator: ":")
            guard seen.insert(line).inserted else { continue }
            let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
            let lines = text.components(separatedBy: "\n")
            let sourceLine = number >= 1 && number <= lines.count ? lines[number - 1].trimmingCharacters(in: .whitespaces) : ""
            var relative = path
            if let work, path.hasPrefix(work.path + "/") { relative = String(path.dropFirst(work.path.count + 1)) }
            else { relative = (path as NSString).lastPathComponent }
            if relative.hasPrefix("Usage/") { relative = String(relative.split(separator: "/").dropFirst(2).joined(separator: "/")) }
            errors.append(CompilerError(file: relative, line: number, message: String(line[range.upperBound...]),
                                        sourceLine: sourceLine))
        }
        return errors
    }

    private static func recordErrors(_ errors: [CompilerError], job: Job, input: Input) {
        guard let path = ProcessInfo.processInfo.environment["REXGEN_PROPERTY_ERRORS"] else { return }
        let lines = errors.map { [input.label, job.group.rawValue, job.mode.rawValue, $0.file, $0.message, $0.sourceLine]
            .map { $0.replacingOccurrences(of: "\t", with: " ") }.joined(separator: "\t") + "\n" }.joined()
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let handle = FileHandle(forWritingAtPath: path) else { return }
        handle.seekToEndOfFile()
        handle.write(Data(lines.utf8))
        handle.closeFile()
    }

    private func workDirectory() throws -> URL {
        guard ProcessInfo.processInfo.environment["REXGEN_PROPERTY_KEEP"] != nil else { return try temporaryDirectory() }
        let url = try TestSupport.makeTemporaryDirectory(prefix: "rexgen-adversarial")
        print("keeping \(url.path)")
        return url
    }

    override class func tearDown() {
        AdversarialStandIns.remove()
        super.tearDown()
    }
}

// MARK: - Stand-in modules, built once per test run

/// The modules the usage files import, as `.swiftmodule`s only (type-checking needs no more): the SwiftRex
/// stand-in and its EffectMiddleware as CombineRex, RxSwiftRex and ReactiveSwiftRex; the CasePaths 0.x
/// stand-in with each CombineFeedback stand-in; the ReactiveFeedback stand-in; and swift-case-paths 1.10.0's
/// CasePathsCore with the IssueReporting it imports (from xctest-dynamic-overlay 1.13.1), from the package mirror.
/// Modules that define the same names (`Reducer`, `Store`, two `CombineFeedback`s) are in separate folders.
enum AdversarialStandIns {
    struct Modules {
        var root: URL
        var hasCasePathsCore: Bool

        func directories(for group: AdversarialUsage.Group) -> [URL] {
            switch group {
            case .swiftRexAndCasePaths: return [root.appendingPathComponent("swiftrex")]
                + (hasCasePathsCore ? [root.appendingPathComponent("casepathscore")] : [])
            case .combineFeedbackRelease: return [root.appendingPathComponent("combinefeedback-release")]
            case .combineFeedbackMaster: return [root.appendingPathComponent("combinefeedback-master")]
            case .reactiveFeedback: return [root.appendingPathComponent("reactivefeedback")]
            }
        }
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var built: Result<Modules, Error>?

    static func modules() throws -> Modules {
        lock.lock()
        defer { lock.unlock() }
        if let built { return try built.get() }
        let result = Result { try build() }
        built = result
        return try result.get()
    }

    static func remove() {
        lock.lock()
        defer { lock.unlock() }
        if case let .success(modules)? = built { try? FileManager.default.removeItem(at: modules.root) }
        built = nil
    }

    private static let feedback = TestSupport.testsDirectory.appendingPathComponent("Fixtures/Feedback")
    private static let swiftRex = TestSupport.testsDirectory.appendingPathComponent("Fixtures/SwiftRex")

    private static func build() throws -> Modules {
        let started = Date()
        let root = try TestSupport.makeTemporaryDirectory(prefix: "rexgen-adversarial-modules")
        func module(_ name: String, _ source: URL, in folder: String) throws {
            try LiftTestSupport.buildInterfaceOnly(name, sources: [source], mode: .swift6,
                                                   into: root.appendingPathComponent(folder))
        }
        for folder in ["swiftrex", "combinefeedback-release", "combinefeedback-master", "reactivefeedback", "casepathscore"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try module("SwiftRex", swiftRex.appendingPathComponent("SwiftRex.swift"), in: "swiftrex")
        for name in ["CombineRex", "RxSwiftRex", "ReactiveSwiftRex"] {
            try module(name, swiftRex.appendingPathComponent("EffectMiddleware.swift"), in: "swiftrex")
        }
        for (folder, source) in [("combinefeedback-release", "CombineFeedback-0.7.0.swift"),
                                 ("combinefeedback-master", "CombineFeedback-master.swift")] {
            try module("CasePaths", feedback.appendingPathComponent("CasePaths.swift"), in: folder)
            try module("CombineFeedback", feedback.appendingPathComponent(source), in: folder)
        }
        try module("ReactiveFeedback", feedback.appendingPathComponent("ReactiveFeedback.swift"), in: "reactivefeedback")
        var hasCasePathsCore = false
        if ProcessInfo.processInfo.environment["REXGEN_SKIP_CASE_PATHS_CORE"] == nil {
            try buildCasePathsCore(into: root.appendingPathComponent("casepathscore"),
                                   scratch: root.appendingPathComponent("casepathscore-sources"))
            hasCasePathsCore = true
        }
        print("adversarial names: stand-in modules built in \(Int(Date().timeIntervalSince(started).rounded())) s")
        return Modules(root: root, hasCasePathsCore: hasCasePathsCore)
    }

    /// CasePathsCore and IssueReporting from the mirror, compiled as SwiftPM would (package names for their
    /// `package` declarations); third-party code, so its warnings are not errors.
    private static func buildCasePathsCore(into modules: URL, scratch: URL) throws {
        let mirror = Reliability.packageMirror.appendingPathComponent("pointfreeco")
        let parts = [("swift-case-paths.git", "1.10.0", "Sources/CasePathsCore"),
                     ("xctest-dynamic-overlay.git", "1.13.1", "Sources/IssueReporting Sources/IssueReportingPackageSupport")]
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        for (repository, tag, paths) in parts {
            let git = mirror.appendingPathComponent(repository)
            guard FileManager.default.fileExists(atPath: git.path) else {
                throw ReliabilityError("the package mirror has no \(git.path); CasePathsCore is built from it "
                    + "(set REXGEN_SKIP_CASE_PATHS_CORE=1 to leave the case paths out)")
            }
            let result = try Reliability.shell("git -C \(Reliability.quoted(git.path)) archive \(tag) \(paths)"
                + " | tar -x -C \(Reliability.quoted(scratch.path))")
            guard result.exitCode == 0 else { throw ReliabilityError("extracting \(repository) \(tag) failed\n\(result.summary)") }
        }
        func swiftFiles(_ folder: String) -> [String] {
            let base = scratch.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(atPath: base.path)
            var files: [String] = []
            while let path = enumerator?.nextObject() as? String {
                // "Symbolic Links" holds a link to IssueReportingPackageSupport's file, compiled from there.
                if path.hasSuffix(".swift"), !path.hasPrefix("Symbolic Links") { files.append(base.appendingPathComponent(path).path) }
            }
            return files.sorted()
        }
        let swiftc = try TestSupport.requireSwiftc()
        for (name, package, sources) in [
            ("IssueReporting", "xctest_dynamic_overlay",
             swiftFiles("Sources/IssueReporting") + swiftFiles("Sources/IssueReportingPackageSupport")),
            ("CasePathsCore", "swift_case_paths", swiftFiles("Sources/CasePathsCore")),
        ] {
            let result = try TestSupport.run(swiftc, [
                "-swift-version", "6", "-parse-as-library", "-emit-module", "-module-name", name, "-package-name", package,
                "-I", modules.path, "-emit-module-path", modules.appendingPathComponent("\(name).swiftmodule").path,
            ] + sources)
            guard result.exitCode == 0 else { throw ReliabilityError("building \(name) failed\n\(LiftTestSupport.excerpt(result))") }
        }
    }
}
