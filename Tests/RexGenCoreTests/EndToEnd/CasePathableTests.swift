import Foundation
import XCTest

/// `casePaths: true` (issue 17): swift-case-paths 1.x's `CasePathable` and `CasePathIterable` conformances
/// without the macro. The Case Paths fixture and its generated code are compiled, in a copy of the test-only
/// package Tests/CasePathsCheck, against `CasePathsCore` 1.10.0 from the package mirror (no swift-syntax), and
/// its driver uses `[case:]`, `is`, `AnyCasePath(\.x)`, nested case key paths and `allCasePaths`.
final class CasePathableTests: XCTestCase {
    static let fixture = TestSupport.testsDirectory.appendingPathComponent("Fixtures/CasePaths/Sources")
    static let checkPackage = TestSupport.testsDirectory.appendingPathComponent("CasePathsCheck")
    /// `.build-*` is gitignored; a fixed place lets a later run reuse the dependency's build.
    static let scratch = Reliability.repositoryRoot.appendingPathComponent(".build-casepaths")

    func testConformancesCompileAgainstCasePathsCoreAndWork() throws {
        let run = try buildAndRunCheck()
        XCTAssertEqual(run.exitCode, 0, run.summary)
        let summary = run.stdout.split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertEqual(summary, "case paths driver: 34 checks, 0 failures", run.summary)
    }

    /// The same under the main actor as default isolation (Xcode 26's default for app targets), where every
    /// type the module declares is main-actor isolated unless marked otherwise, generated code included.
    func testConformancesCompileUnderMainActorDefaultIsolation() throws {
        let run = try buildAndRunCheck(defaultIsolationMainActor: true)
        XCTAssertEqual(run.exitCode, 0, run.summary)
        XCTAssertEqual(run.stdout.split(separator: "\n").last.map(String.init), "case paths driver: 34 checks, 0 failures",
                       run.summary)
    }

    /// Proof that the test above builds under that isolation, and why `allCasePaths` is not `nonisolated`
    /// (which an enum marked `@MainActor` would need without it): there, it makes the conformance cross into
    /// the main actor.
    func testMainActorDefaultIsolationRejectsANonisolatedAllCasePaths() throws {
        let run = try buildAndRunCheck(defaultIsolationMainActor: true) { generated in
            let witness = "    public static var allCasePaths: AllCasePaths { AllCasePaths() }"
            XCTAssertTrue(generated.contains(witness), "the mutation's target is gone; update this test")
            return generated.replacingOccurrences(of: witness, with: "    public nonisolated static var allCasePaths: AllCasePaths { AllCasePaths() }")
        }
        XCTAssertNotEqual(run.exitCode, 0, run.summary)
        XCTAssertTrue(run.stderr.contains("crosses into main actor-isolated code") || run.stdout.contains("crosses into main actor-isolated code"),
                      run.summary)
    }

    /// Proof that the driver can fail: a case path that embeds into the wrong case.
    func testDriverFailsWhenAnEmbedIsWrong() throws {
        let run = try buildAndRunCheck { generated in
            let correct = "AnyCasePath(embed: { _AllCasePathsRoot.movie($0) }"
            XCTAssertTrue(generated.contains(correct), "the mutation's target is gone; update this test")
            return generated.replacingOccurrences(of: correct, with: "AnyCasePath(embed: { _ in AppAction.started }")
        }
        XCTAssertNotEqual(run.exitCode, 0, run.summary)
        XCTAssertTrue(run.stdout.contains("FAIL"), run.summary)
    }

    /// Copies the check package with the fixture and its generated code (changed by `edit`), and runs it.
    private func buildAndRunCheck(defaultIsolationMainActor: Bool = false,
                                  edit: (String) -> String = { $0 }) throws -> ProcessResult {
        let work = try temporaryDirectory()
        let package = work.appendingPathComponent("CasePathsCheck")
        try FileManager.default.copyItem(at: Self.checkPackage, to: package)
        if defaultIsolationMainActor {
            let manifest = package.appendingPathComponent("Package.swift")
            let text = try String(contentsOf: manifest, encoding: .utf8)
            let flags = #".unsafeFlags(["-warnings-as-errors"])"#
            XCTAssertTrue(text.contains(flags), "the manifest's flags changed; update this test")
            try Data(text.replacingOccurrences(of: flags, with: #".unsafeFlags(["-warnings-as-errors", "-default-isolation", "MainActor"])"#)
                .utf8).write(to: manifest)
        }
        let target = package.appendingPathComponent("Sources/CasePathsCheck")
        for name in try FileManager.default.contentsOfDirectory(atPath: Self.fixture.path) where name.hasSuffix(".swift") {
            try FileManager.default.copyItem(at: Self.fixture.appendingPathComponent(name), to: target.appendingPathComponent(name))
        }
        let generated = try TestSupport.rexgen(["--case-paths", "--lift", "none", Self.fixture.path])
        XCTAssertEqual(generated.exitCode, 0, generated.summary)
        try Data(edit(generated.stdout).utf8).write(to: target.appendingPathComponent("Generated.swift"))
        let swift = try Reliability.requireSwift()
        return try TestSupport.run(swift, ["run", "--package-path", package.path, "--scratch-path", Self.scratch.path,
                                           "CasePathsCheck"], watchdogSeconds: 1200)
    }

    /// The generated file, reviewed like code: Tests/Fixtures/CasePaths/Expected.swift (re-record with
    /// REXGEN_RECORD=1).
    func testGeneratedCodeEqualsTheReviewedFile() throws {
        let result = try TestSupport.rexgen(["--case-paths", "--lift", "none", "Sources"],
                                            in: Self.fixture.deletingLastPathComponent())
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let expected = Self.fixture.deletingLastPathComponent().appendingPathComponent("Expected.swift")
        if ProcessInfo.processInfo.environment["REXGEN_RECORD"] != nil {
            try result.stdoutData.write(to: expected)
            return XCTFail("recorded Expected.swift; review the diff, then run without REXGEN_RECORD")
        }
        XCTAssertEqual(result.stdout, try String(contentsOf: expected, encoding: .utf8))
    }

    /// Off by default: the same sources without `--case-paths` get no conformance and no import but the one a
    /// source states itself.
    func testOffByDefault() throws {
        let result = try TestSupport.rexgen(["--lift", "none", Self.fixture.path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        // Names.swift has cases named `AllCasePaths` and `_AllCasePathsRoot`: what a conformance writes is looked for.
        XCTAssertFalse(result.stdout.contains("CasePathsCore.CasePathable"), result.stdout)
        XCTAssertFalse(result.stdout.contains("struct AllCasePaths"), result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "CasePathsCore").count, 2, result.stdout)
    }

    /// `CasePathsCore` is imported as widely as a file's widest conformance needs, once (a source's own import
    /// of it is replaced), with a plain `import` for compilers before Swift 6.
    func testTheImportIsAsWideAsTheConformances() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "Sources/Internal.swift": "enum InternalAction { case a }\n",
            "Sources/Package.swift": "package enum PackageAction { case a }\n",
            "Sources/Inlinable.swift": "@usableFromInline enum InlinableAction { case a }\n",
            "Sources/Public.swift": "public import CasePathsCore\nenum OwnAction { case a }\n",
            "Sources/Conditional.swift": "#if DEBUG\npublic enum DebugAction { case a }\n#endif\n",
        ], under: work)
        let result = try TestSupport.rexgen(["--case-paths", "--lift", "none", "--file-per-source", "--output", "out",
                                             "Sources"], in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        func imports(_ name: String) throws -> String {
            let text = try String(contentsOf: work.appendingPathComponent("out/\(name)+EnumProperties.generated.swift"),
                                  encoding: .utf8)
            let head = text.components(separatedBy: "// MARK:")[0]
            return head.components(separatedBy: "\n").filter { $0.hasPrefix("#") || $0.contains("import ") }
                .joined(separator: "\n")
        }
        func wide(_ keyword: String) -> String {
            "#if canImport(CasePathsCore)\n#if compiler(>=6)\n\(keyword) import CasePathsCore\n#else\nimport CasePathsCore\n#endif\n#endif"
        }
        XCTAssertEqual(try imports("Internal"), "#if canImport(CasePathsCore)\nimport CasePathsCore\n#endif")
        XCTAssertEqual(try imports("Package"), wide("package"))
        XCTAssertEqual(try imports("Inlinable"), wide("public"))
        XCTAssertEqual(try imports("Public"), wide("public"), "the source's own public import is kept as wide")
        XCTAssertEqual(try imports("Conditional"), "#if DEBUG\n" + wide("public") + "\n#endif",
                       "under the #if of every conformance in the file, or it would be unused where that is off")
    }

    /// A case name its case path cannot have leaves the enum's conformance out, with a note; the driver's build
    /// (`testConformancesCompileAgainstCasePathsCoreAndWork`) shows that the rest of Names.swift compiles and that
    /// cases named `self`, `init` and `subscript`, and one base name in exclusive `#if` branches, get case paths.
    func testCaseNamesACasePathCannotHaveLeaveTheConformanceOut() throws {
        let names = Self.fixture.appendingPathComponent("Names.swift").path
        let result = try TestSupport.rexgen(["--case-paths", "--lift", "none", names])
        assertNotes(result, skipping: [("OverloadedAction", "has two cases named 'load' (at \(names):5:10 and \(names):6:10)"),
                                       ("TypeNamedAction", "has a case 'Type' at"),
                                       ("ProtocolNamedAction", "has a case 'Protocol' at"),
                                       ("IteratorNamedAction", "has a case 'makeIterator' at"),
                                       ("AllCasePathsNamedAction", "has a case 'AllCasePaths' at"),
                                       ("RootAliasNamedAction", "has a case '_AllCasePathsRoot' at"),
                                       ("CasesNamedAction", "has a case 'Cases' at")],
                    conforming: ["ExclusiveAction", "KeywordNamedAction", "ImpossibleAction"])
    }

    /// The conformance gives the enum member types `AllCasePaths`, `_AllCasePathsRoot` and `Cases`, and its alias
    /// says `Self`: where the sources declare a type of one of those names around the enum or at the top level,
    /// the enum's own code (here a nested enum's payload) would mean the conformance's, so it is left out, with a
    /// note. The adversarial names tests compile such programs; this one pins the rule.
    func testTypesNamedLikeTheConformancesMembersAroundTheEnumLeaveItOut() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Shadows.swift": """
            struct AllCasePaths {}
            enum RootAction {
                case list(ListAction)
                enum ListAction { case keep(AllCasePaths) }
            }
            struct Feature {
                struct Cases {}
                enum Action { case reset }
            }
            enum Plain { case reset }
            """], under: work)
        let result = try TestSupport.rexgen(["--case-paths", "--lift", "none", "--all-enums", "Sources"], in: work)
        assertNotes(result, skipping: [("RootAction", "is in sources that declare a top-level type AllCasePaths"),
                                       ("RootAction.ListAction", "is in sources that declare a top-level type AllCasePaths"),
                                       ("Feature.Action", "is inside 'Feature', which declares a type Cases"),
                                       ("Plain", "is in sources that declare a top-level type AllCasePaths")],
                    conforming: [])
        try TestSupport.write(["Sources/Shadows.swift": "enum `Self` {}\nenum Plain { case reset }\n"], under: work)
        assertNotes(try TestSupport.rexgen(["--case-paths", "--lift", "none", "--all-enums", "Sources"], in: work),
                    skipping: [("Plain", "is in sources that declare a top-level type Self")], conforming: [])
        // A generic parameter of that name, the enum's or a type's around it, whatever the payloads name.
        try TestSupport.write(["Sources/Shadows.swift": """
            enum Picker<Dependencies, AllCasePaths> { case open }
            struct Box<Cases> { enum Action { case reset } }
            enum Plain<Value> { case reset(Value) }
            """], under: work)
        let parameters = "has or is inside a type with a generic parameter named"
        assertNotes(try TestSupport.rexgen(["--case-paths", "--lift", "none", "--all-enums", "Sources"], in: work),
                    skipping: [("Picker", parameters + " AllCasePaths"), ("Box.Action", parameters + " Cases")],
                    conforming: ["Plain"])
    }

    /// A payload of the standard library's `Never` has no case path; one of the sources' own type `Never` has.
    func testANeverOfTheSourcesKeepsItsCasePath() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Never.swift": "enum Outcome { case fail(Never), other }\n"], under: work)
        let standard = try TestSupport.rexgen(["--case-paths", "--lift", "none", "--all-enums", "Sources/Never.swift"], in: work)
        XCTAssertFalse(standard.stdout.contains("var fail: CasePathsCore.AnyCasePath"), standard.stdout)
        try TestSupport.write(["Sources/Own.swift": "struct Never {}\n"], under: work)
        let own = try TestSupport.rexgen(["--case-paths", "--lift", "none", "--all-enums", "Sources"], in: work)
        XCTAssertTrue(own.stdout.contains("var fail: CasePathsCore.AnyCasePath<_AllCasePathsRoot, Never>"), own.stdout)
        try TestSupport.write(["Sources/Never.swift": "enum Outcome { case fail(Swift.Never), other }\n"], under: work)
        let qualified = try TestSupport.rexgen(["--case-paths", "--lift", "none", "--all-enums", "Sources"], in: work)
        XCTAssertFalse(qualified.stdout.contains("var fail: CasePathsCore.AnyCasePath"), qualified.stdout)
    }

    /// An enum marked `@MainActor` gets no conformance, with a note (Isolated.swift); the driver's build shows
    /// that its properties compile.
    func testAnEnumMarkedMainActorGetsNoCasePaths() throws {
        let result = try TestSupport.rexgen(["--case-paths", "--lift", "none", Self.fixture.appendingPathComponent("Isolated.swift").path])
        assertNotes(result, skipping: [("ScreenAction", "is marked @MainActor")], conforming: [])
        XCTAssertTrue(result.stdout.contains("public var isClose: Swift.Bool"), result.stdout)
    }

    /// An enum the macro already conforms, or that declares its case paths itself, is left alone with a note.
    func testEnumsWithTheirOwnCasePathsAreSkippedWithANote() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(["Sources/Own.swift": """
            @CasePathable
            enum MacroAction { case a }

            enum ManualAction { case b }
            extension ManualAction {
                struct AllCasePaths {}
                static var allCasePaths: AllCasePaths { AllCasePaths() }
            }

            enum StaticOnlyAction { case c }
            extension StaticOnlyAction {
                static var allCasePaths: [Int] { [] }
            }

            enum PlainAction { case d }

            enum SelfishAction {
                case g
                struct `Self` {}
            }

            // Public in a type that is not: its conformance is public-checked only if `Screen` were
            // @usableFromInline, which RexGen does not read.
            struct Screen {
                public enum PublicAction { case e }
                @usableFromInline enum InlinableAction { case f }
            }

            // Generic contexts whose parameters have protocol requirements (Swift 6 would warn); a marker
            // protocol's is fine.
            enum ConstrainedAction<T: Equatable> { case value(T) }
            enum WhereAction<T> where T: Hashable { case value(T) }
            enum MarkerAction<T: Sendable & AnyObject> { case value(T) }
            struct Buffer<Element: Hashable> {
                enum InnerAction { case slot(Int) }
            }
            struct Queue<Element> where Element: Codable {
                enum InnerAction { case slot(Int) }
            }
            extension Buffer {
                enum ExtraAction { case slot(Int) }
            }
            // A parameter without requirements needs no witness table: case paths.
            struct Plain<Element> {
                enum InnerAction { case slot(Int) }
            }

            """, "rexgen.yml": ""], under: work)
        let result = try TestSupport.rexgen(["--case-paths", "--lift", "none", "Sources"], in: work)
        assertNotes(result, skipping: [("MacroAction", "is marked @CasePathable"), ("ManualAction", "declares AllCasePaths itself"),
                                       ("StaticOnlyAction", "declares allCasePaths itself"),
                                       ("SelfishAction", "declares Self itself"),
                                       ("Screen.PublicAction", "is public or @usableFromInline inside a type that is not public"),
                                       ("Screen.InlinableAction", "is public or @usableFromInline inside a type that is not public"),
                                       ("ConstrainedAction", "has a generic requirement 'T: Equatable'"),
                                       ("WhereAction", "has a generic requirement 'T: Hashable'"),
                                       ("Buffer.InnerAction", "is inside generic type 'Buffer', whose parameters must conform"),
                                       ("Queue.InnerAction", "is inside generic type 'Queue', whose parameters must conform"),
                                       ("Buffer.ExtraAction", "is inside an extension of generic type 'Buffer'")],
                    conforming: ["PlainAction", "MarkerAction", "Plain.InnerAction"])
    }

    /// A successful run whose only notes are one per enum in `skipping`, each with its reason, none of which gets
    /// the conformance, while every enum in `conforming` gets it.
    private func assertNotes(_ result: ProcessResult, skipping skipped: [(name: String, reason: String)], conforming: [String],
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.exitCode, 0, result.summary, file: file, line: line)
        let notes = result.stderrLines.filter { $0.contains(": note: ") }
        XCTAssertEqual(notes.count, skipped.count, result.summary, file: file, line: line)
        for (name, reason) in skipped {
            XCTAssertTrue(notes.contains { $0.contains("enum '\(name)' \(reason)") }, "\(name)\n\(result.summary)", file: file, line: line)
            XCTAssertFalse(result.stdout.contains("extension \(name): CasePathsCore.CasePathable"), name, file: file, line: line)
        }
        for name in conforming {
            XCTAssertTrue(result.stdout.contains("extension \(name): CasePathsCore.CasePathable, CasePathsCore.CasePathIterable {}"),
                          "\(name)\n\(result.stdout)", file: file, line: line)
        }
    }
}
