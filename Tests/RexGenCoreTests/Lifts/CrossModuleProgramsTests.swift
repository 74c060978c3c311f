import Foundation
import XCTest

/// Generated code that lands in several modules at once: random modular apps (CrossModulePrograms.swift), each
/// feature module generated as the build plugin does (one file per source, its dependency modules as
/// `--reference` and `--reference-module`, SwiftRex lifts, sometimes `--all-enums`), then built as a module with
/// its generated files, and the app type-checked with its own and a usage file that embeds, extracts and lifts
/// every enum of its tree that RexGen did not leave out with a warning (Swift 6 mode, warnings as errors, against
/// the SwiftRex stand-in). Some programs have a feature module that RexGen is not told about (a package's), built
/// from its sources alone. A program whose sources alone do not compile is the drawing's fault: it is drawn again.
///
/// - `REXGEN_MODULE_PROGRAMS=200`: how many programs (default 6).
/// - `REXGEN_MODULE_SEED=0x…`: only that program (the seed a failure prints).
/// - `REXGEN_MODULE_BASE_SEED=…`: another run of programs.
/// - `REXGEN_MODULE_KEEP=1`: keep the work folders (their paths are printed).
/// - `REXGEN_MODULE_VERBOSE=1`: print why each drawing was drawn again.
final class CrossModuleProgramsTests: XCTestCase {
    static let defaultBaseSeed: UInt64 = 0x5EED_0029

    func testRandomModularAppsCompile() throws {
        let environment = ProcessInfo.processInfo.environment
        let seeds: [UInt64]
        if let single = environment["REXGEN_MODULE_SEED"].flatMap(Self.parseSeed) {
            seeds = [single]
        } else {
            let count = environment["REXGEN_MODULE_PROGRAMS"].flatMap { Int($0) } ?? 6
            let base = environment["REXGEN_MODULE_BASE_SEED"].flatMap(Self.parseSeed) ?? Self.defaultBaseSeed
            seeds = (0..<count).map { AdversarialRNG.programSeed(base: base, index: $0) }
        }
        let shared = try temporaryDirectory()
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: .swift6,
                                               into: shared)
        var failures: [String] = []
        var compiled = 0, redrawn = 0, nodes = 0, used = 0, withUnreadModule = 0
        for seed in seeds {
            var drawn = seed
            var outcome = try check(seed: drawn, shared: shared)
            // A drawing whose sources do not compile on their own is drawn again from the next seed.
            while case .invalidSources(let reason) = outcome, redrawn < seeds.count * 4 {
                if environment["REXGEN_MODULE_VERBOSE"] == "1" { print("CrossModuleProgramsTests: drawn again: \(reason)") }
                redrawn += 1
                drawn = AdversarialRNG.programSeed(base: drawn, index: 1)
                outcome = try check(seed: drawn, shared: shared)
            }
            switch outcome {
            case .invalidSources(let reason):
                failures.append("seed 0x\(String(drawn, radix: 16)): no valid drawing near it; the last: \(reason)")
            case .failed(let reason):
                failures.append("seed 0x\(String(drawn, radix: 16)) (REXGEN_MODULE_SEED=0x\(String(drawn, radix: 16))): \(reason)")
            case .compiled(let treeNodes, let usedNodes, let hasUnreadModule):
                compiled += 1
                if hasUnreadModule { withUnreadModule += 1 }
                nodes += treeNodes
                used += usedNodes
            }
        }
        print("CrossModuleProgramsTests: \(compiled) of \(seeds.count) programs compiled (\(redrawn) drawn again, "
              + "\(withUnreadModule) with a module RexGen is not told about); "
              + "\(used) of \(nodes) tree enums below the roots used through their conformance")
        XCTAssertTrue(failures.isEmpty, failures.joined(separator: "\n\n"))
        XCTAssertLessThan(redrawn, seeds.count * 2, "the drawing makes too many programs that do not compile on their own")
    }

    /// Proof that the check catches a lift file that does not compile: the same program with its generated
    /// conformance renamed fails at the app's type-check.
    func testABrokenLiftFileFailsTheCheck() throws {
        let shared = try temporaryDirectory()
        try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [LiftTestSupport.swiftRexSource], mode: .swift6,
                                               into: shared)
        var seed = Self.defaultBaseSeed
        var outcome = try check(seed: seed, shared: shared, breakingTheLiftFile: true)
        while case .invalidSources = outcome {
            seed = AdversarialRNG.programSeed(base: seed, index: 1)
            outcome = try check(seed: seed, shared: shared, breakingTheLiftFile: true)
        }
        guard case .failed(let reason) = outcome else { return XCTFail("a broken lift file passed: \(outcome)") }
        XCTAssertTrue(reason.contains("type-checking the app"), reason)
    }

    enum Outcome {
        case invalidSources(String)
        case failed(String)
        case compiled(treeNodes: Int, usedNodes: Int, hasUnreadModule: Bool)
    }

    private func check(seed: UInt64, shared: URL, breakingTheLiftFile: Bool = false) throws -> Outcome {
        let program = CrossModuleProgram(seed: seed)
        guard program.treeNodes.count > 1 else { return .invalidSources("the root carries no action enum") }
        let work = try TestSupport.makeTemporaryDirectory(prefix: "modules")
        if ProcessInfo.processInfo.environment["REXGEN_MODULE_KEEP"] == "1" {
            print("CrossModuleProgramsTests: seed 0x\(String(seed, radix: 16)) in \(work.path)")
        } else {
            addTeardownBlock { try? FileManager.default.removeItem(at: work) }
        }
        let names = program.moduleNames
        for module in names.indices {
            try TestSupport.write(program.files(of: module).reduce(into: [:]) { files, entry in
                files["Sources/\(names[module])/\(entry.key)"] = entry.value
            }, under: work)
        }
        // The sources alone.
        if let problem = try build(program, work: work, shared: shared, generated: nil) {
            return .invalidSources(problem)
        }
        // Each module generated as the build plugin would, the app last.
        var appWarnings = ""
        for module in names.indices where module != program.unreadModule {
            var arguments = [sources(names[module], work).path]
            for dependency in program.dependencies(of: module) where dependency != program.unreadModule {
                arguments += ["--reference", sources(names[dependency], work).path,
                              "--reference-module", "\(names[dependency])=\(sources(names[dependency], work).path)"]
            }
            arguments += ["--lift", "swiftrex", "--file-per-source",
                          "--output", work.appendingPathComponent("Generated/\(names[module])").path]
            if program.allEnums(module) { arguments.append("--all-enums") }
            let result = try TestSupport.rexgen(arguments, in: work)
            guard result.exitCode == 0, !result.crashed else {
                return .failed("rexgen for \(names[module]) failed:\n\(result.summary)")
            }
            if module == program.appIndex { appWarnings = result.stderr }
        }
        let warned = appWarnings.split(separator: "\n").filter { $0.contains("warning:") }
        let below = program.treeNodes.dropFirst()
        // A warning names the enum it leaves out by its qualified name (`'Row.Action'`).
        let usable = program.nodesRexGenCanTell.dropFirst().filter { node in
            !warned.contains { $0.contains("'\(node.name)'") || $0.contains(".\(node.name)'") }
        }
        try TestSupport.write(["Sources/App/Usage.swift": try program.usage(of: Array(usable))], under: work)
        if breakingTheLiftFile {
            let lift = work.appendingPathComponent("Generated/App/\(LiftTestSupport.liftFileName)")
            let text = try LiftTestSupport.read(lift).replacingOccurrences(of: "Convertible {", with: "Convertibles {")
            try text.write(to: lift, atomically: true, encoding: .utf8)
        }
        if let problem = try build(program, work: work, shared: shared, generated: work.appendingPathComponent("Generated")) {
            return .failed(problem + "\nwarnings:\n" + warned.joined(separator: "\n"))
        }
        return .compiled(treeNodes: below.count, usedNodes: usable.count, hasUnreadModule: program.unreadModule != nil)
    }

    /// Builds the features as modules and type-checks the app; returns the first failure, if any.
    private func build(_ program: CrossModuleProgram, work: URL, shared: URL, generated: URL?) throws -> String? {
        let modules = work.appendingPathComponent(generated == nil ? "modules-sources" : "modules-generated")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for (module, name) in program.moduleNames.enumerated() {
            var files = try LiftTestSupport.swiftFiles(in: sources(name, work))
            if let generated, module != program.unreadModule {
                files += try LiftTestSupport.swiftFiles(in: generated.appendingPathComponent(name))
            }
            if generated == nil { files.removeAll { $0.lastPathComponent == "Usage.swift" } }
            let isApp = module == program.appIndex
            let arguments = isApp
                ? ["-typecheck", "-parse-as-library", "-module-name", name]
                : ["-parse-as-library", "-emit-module", "-module-name", name,
                   "-emit-module-path", modules.appendingPathComponent("\(name).swiftmodule").path]
            let result = try LiftTestSupport.swiftc(.swift6, arguments + ["-I", shared.path, "-I", modules.path]
                                                    + files.map(\.path))
            if result.exitCode != 0 || result.crashed {
                return "\(isApp ? "type-checking the app" : "building module \(name)") failed:\n"
                    + LiftTestSupport.excerpt(result, lines: 8)
            }
        }
        return nil
    }

    private func sources(_ module: String, _ work: URL) -> URL {
        work.appendingPathComponent("Sources/\(module)")
    }

    private static func parseSeed(_ text: String) -> UInt64? {
        text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
    }
}

extension CrossModuleProgram {
    /// The modules `module` imports, and theirs: what the build plugin passes as references.
    func dependencies(of module: Int) -> [Int] {
        var found: [Int] = []
        var pending = imports[module]
        while let next = pending.popLast() {
            guard !found.contains(next) else { continue }
            found.append(next)
            pending += imports[next]
        }
        return found.sorted()
    }

    /// Whether the module is generated with `--all-enums` (real modules with properties for every enum).
    func allEnums(_ module: Int) -> Bool { (moduleNames[module].count + module) % 3 == 0 }

    /// A file of the app that imports every feature (with its SPI) and, for each node, embeds it in the root, extracts it and
    /// lifts a reducer of it, each spelled as the app names it.
    func usage(of nodes: [CrossModuleType]) throws -> String {
        let features = Array(0..<appIndex)
        let swiftRex = try LiftTestSupport.read(LiftTestSupport.swiftRexSource)
        let declaration = try NSRegularExpression(pattern: #"^public (?:final )?(?:struct|class|enum|protocol|typealias) (\w+)"#,
                                                  options: .anchorsMatchLines)
        let swiftRexTypes = Set(declaration.matches(in: swiftRex, range: NSRange(swiftRex.startIndex..., in: swiftRex)).map { match in
            String(swiftRex[Range(match.range(at: 1), in: swiftRex)!])
        })
        // With each feature's SPI, as a file that names its SPI enums must.
        var text = "import SwiftRex\n" + features.map { "@_spi(Internals) import \(moduleNames[$0])\n" }.joined() + "\n"
        let arguments = treeArguments
        for (number, node) in nodes.enumerated() {
            func spelled(_ type: CrossModuleType) -> String? {
                spellings(of: type, from: nil, module: appIndex, imported: features, spiImported: Set(features),
                          otherModulesTypes: swiftRexTypes).last
            }
            guard var spelling = spelled(node) else { continue }
            if node.isGeneric {
                guard let argument = arguments[ObjectIdentifier(node)].map(spelled) ?? "Swift.Int" else { continue }
                spelling += "<\(argument)>"
            }
            text += """
                func embed\(number)(_ value: \(spelling)) -> \(root.name) { value.\(rootMemberName) }
                func extract\(number)(_ value: \(root.name)) -> \(spelling)? { \(spelling)(\(rootMemberName): value) }
                func lift\(number)(_ reducer: SwiftRex.Reducer<\(spelling), Swift.Int>) -> SwiftRex.Reducer<\(root.name), Swift.Int> {
                    reducer.liftTo\(root.name)()
                }

                """
        }
        return text
    }
}
