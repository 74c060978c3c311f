import Foundation
import XCTest

/// Issue 28: shapes of real modules whose generated code did not compile. Each test generates with
/// `--all-enums`, as the real-module check does, compiles the module with its generated files
/// (`-warnings-as-errors`, Swift 6 and Swift 5 modes) and, where there is behaviour to check, runs a driver.
final class RealModuleShapesTests: XCTestCase {
    // MARK: - @_spi

    /// SwiftSyntax's `SyntaxEnum`: a public enum whose cases carry SPI types. Its public properties must be
    /// SPI too, and so must those of an enum nested in an SPI type or an SPI extension.
    static let spiSources = [
        "Syntax.swift": """
        @_spi(Experimental) public struct DoExprSyntax { public init() {} }
        public struct IfExprSyntax { public init() {} }

        public enum SyntaxEnum {
            case ifExpr(IfExprSyntax)
            @_spi(Experimental)
            case doExpr(DoExprSyntax)
        }

        @_spi(Experimental) public enum Experiments {
            public enum Kind { case doExpr(DoExprSyntax), plain }
        }

        @_spi(Experimental) extension DoExprSyntax {
            public enum Part { case body(DoExprSyntax) }
        }
        """,
    ]

    func testSPICasesAndEnclosingTypesCompile() throws {
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            let work = try temporaryDirectory()
            let generated = try generateModule(Self.spiSources, arguments: ["--all-enums", "--case-paths"], in: work)
            let text = try String(contentsOf: generated[0], encoding: .utf8)
            XCTAssertTrue(text.contains("    @_spi(Experimental)\n    public var doExpr: DoExprSyntax? {"), text)
            XCTAssertFalse(text.contains("@_spi(Experimental)\n    public var ifExpr"), text)
            // SPI restricts no use inside the module: the SPI case's path is iterated like the others.
            XCTAssertTrue(text.contains("allCasePaths.append(\\.doExpr)"), text)
            // Members of an enum in an SPI type or SPI extension carry the attribute too, so they read as SPI
            // in the module's interface as the enum does.
            for member in ["public var plain: Swift.Void?", "public var isPlain: Swift.Bool", "public var body: DoExprSyntax?"] {
                XCTAssertTrue(text.contains("    @_spi(Experimental)\n    \(member)"), "\(member)\n\(text)")
            }
            try compileModule("Syntax", sources: sourceFiles(in: work) + generated, mode: mode, in: work)
        }
    }

    /// The mutation check: the same module with the `@_spi` lines taken out of the generated file fails the
    /// way it did before the fix, so the test above can fail.
    func testSPIModuleFailsWithoutTheCopiedAttributes() throws {
        let work = try temporaryDirectory()
        let generated = try generateModule(Self.spiSources, arguments: ["--all-enums"], in: work)
        let text = try String(contentsOf: generated[0], encoding: .utf8)
        try Data(text.replacingOccurrences(of: "@_spi(Experimental)\n", with: "").utf8).write(to: generated[0])
        let result = try buildModule("Syntax", sources: sourceFiles(in: work) + generated, mode: .swift6, in: work)
        XCTAssertNotEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stderr.contains("SPI"), result.summary)
    }

    // MARK: - Enclosing types declared in another module

    /// OpenAPIRuntime's shape: an enum nested in an extension of a type module A declares, naming A's member
    /// `Request` unqualified. Without A's sources the value property is left out with a warning (the `is`
    /// property stays); names that are module-qualified or declared in the sources keep their properties.
    func testPayloadsNamedByAnEnclosingTypeOfAnotherModule() throws {
        let work = try temporaryDirectory()
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try TestSupport.write(["A/OpenAPI.swift": """
            public enum OpenAPI {
                public enum Error {
                    public struct Decoding {
                        public struct Request { public init() {} }
                    }
                }
            }
            """], under: work)
        let moduleA = [work.appendingPathComponent("A/OpenAPI.swift")]
        try LiftTestSupport.buildInterfaceOnly("A", sources: moduleA, mode: .swift6, into: modules)
        try TestSupport.write(["B/Context.swift": """
            import Foundation
            import A

            extension OpenAPI.Error.Decoding {
                public struct Operation {
                    public enum Kind { case read }
                    public enum Context {
                        case request(Request)
                        case other(Swift.DecodingError)
                        case url(Foundation.URL)
                        case kind(Kind)
                    }
                }
            }
            """], under: work)
        let source = work.appendingPathComponent("B/Context.swift")

        let alone = try TestSupport.rexgen(["generate", source.path, "--all-enums", "--case-paths", "--lift", "none",
                                            "--output", work.appendingPathComponent("alone").path])
        XCTAssertEqual(alone.exitCode, 0, alone.summary)
        let warnings = alone.stderrLines.filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 1, alone.summary)
        XCTAssertTrue(warnings.first?.contains("Context.swift:8:") == true, alone.summary)
        XCTAssertTrue(warnings.first?.contains("'Request'") == true && warnings.first?.contains("--reference") == true,
                      alone.summary)
        let aloneFile = work.appendingPathComponent("alone/\(LiftTestSupport.propertiesFileName)")
        let aloneText = try String(contentsOf: aloneFile, encoding: .utf8)
        XCTAssertFalse(aloneText.contains("var request:"), aloneText)
        XCTAssertTrue(aloneText.contains("var isRequest: Swift.Bool"), aloneText)
        XCTAssertTrue(aloneText.contains("var url: Foundation.URL?"), aloneText)
        XCTAssertTrue(aloneText.contains("var kind: OpenAPI.Error.Decoding.Operation.Kind?"), aloneText)
        let typecheck = try LiftTestSupport.typecheck([source, aloneFile], modules: modules, mode: .swift6,
                                                      extraArguments: ["-parse-as-library"])
        XCTAssertEqual(typecheck.exitCode, 0, typecheck.summary)

        // With module A's sources read, the name is placed and the property generated.
        let withA = try TestSupport.rexgen(["generate", source.path, "--reference", moduleA[0].path, "--all-enums",
                                            "--lift", "none", "--output", work.appendingPathComponent("withA").path])
        XCTAssertEqual(withA.exitCode, 0, withA.summary)
        XCTAssertFalse(withA.stderr.contains("warning"), withA.summary)
        let withAFile = work.appendingPathComponent("withA/\(LiftTestSupport.propertiesFileName)")
        XCTAssertTrue(try String(contentsOf: withAFile, encoding: .utf8)
            .contains("var request: OpenAPI.Error.Decoding.Request?"))
        let typecheckWithA = try LiftTestSupport.typecheck([source, withAFile], modules: modules, mode: .swift6,
                                                           extraArguments: ["-parse-as-library"])
        XCTAssertEqual(typecheckWithA.exitCode, 0, typecheckWithA.summary)
    }

    // MARK: - Folders as SwiftPM compiles them

    /// Swift files in a documentation catalog are tutorial code SwiftPM never compiles: a folder walk
    /// leaves them out, so their imports are not copied.
    func testAFolderWalkSkipsDocumentationCatalogs() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "Sources/Lib/Lib.swift": "import Foundation\npublic enum LibAction { case go }\n",
            "Sources/Lib/Documentation.docc/Tutorial.swift": "import TutorialOnly\npublic enum TutorialAction { case step }\n",
            "Sources/Lib/Media.xcassets/Code.swift": "import AssetsOnly\nenum AssetAction { case a }\n",
        ], under: work)
        let result = try TestSupport.rexgen(["generate", "Sources/Lib", "--lift", "none"], in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stdout.contains("extension LibAction {"), result.stdout)
        for absent in ["TutorialOnly", "TutorialAction", "AssetsOnly", "AssetAction"] {
            XCTAssertFalse(result.stdout.contains(absent), "\(absent)\n\(result.stdout)")
        }
        // A file named on the command line is read wherever it is.
        let named = try TestSupport.rexgen(["generate", "Sources/Lib/Documentation.docc/Tutorial.swift", "--lift", "none"],
                                           in: work)
        XCTAssertTrue(named.stdout.contains("extension TutorialAction {"), named.summary)
    }

    // MARK: - Every node of the action tree

    /// TicTacToe's `BoardAction.Request`: an enum nested in an action and carried by one of its cases is a node
    /// of the tree, and gets enum properties like every action enum, so a path reads through it.
    func testNestedCarriedEnumsGetProperties() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "App/Actions.swift": """
            public enum AppAction { case board(BoardAction) }
            public enum BoardAction {
                case request(Request)
                case result(Result)
                case local(Unrelated)
                public enum Request { case playerMoveAttempt(Int), reset }
                public enum Result { case moved(Int) }
                public enum Hidden { case notCarried }
            }
            public enum Unrelated { case other }
            """,
            "App/main.swift": """
            let action = AppAction.board(.request(.playerMoveAttempt(4)))
            precondition(action.board?.request?.playerMoveAttempt == 4)
            precondition(action.board?.request?.isReset == false)
            precondition(AppAction.board(.result(.moved(2))).board?.result?.moved == 2)
            print("nested nodes: ok")
            """,
        ], under: work)
        let result = try TestSupport.rexgen(["generate", "App/Actions.swift", "--lift", "none", "--output", "Generated"],
                                            in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let generated = work.appendingPathComponent("Generated/\(LiftTestSupport.propertiesFileName)")
        let text = try String(contentsOf: generated, encoding: .utf8)
        XCTAssertTrue(text.contains("extension BoardAction.Request {"), text)
        XCTAssertTrue(text.contains("extension BoardAction.Result {"), text)
        // Declared inside an action enum but carried by no case of it: not a node, not selected.
        XCTAssertFalse(text.contains("extension BoardAction.Hidden {"), text)
        XCTAssertFalse(text.contains("extension Unrelated {"), text)
        try buildAndRun(["App/Actions.swift", "App/main.swift"], generated: generated, in: work, modes: [.swift6],
                        expecting: "nested nodes: ok\n")
    }

    // MARK: - Generic enclosing types and ~Copyable enums

    /// OpenAPIRuntime's `JSONSequenceDeserializationSequence<Upstream>.Iterator<UpstreamIterator>.StateMachine`:
    /// a payload type declared in a type nested in two generic types is written with their parameters (unless
    /// a parameter is named like the outermost type, which that text starts with), and
    /// AsyncAlgorithms' `~Copyable` actions get only `is<Case>`, which borrows the value. Built and run.
    func testGenericEnclosingTypesAndNoncopyableEnums() throws {
        let work = try temporaryDirectory()
        try TestSupport.write([
            "App/Shapes.swift": """
            struct Outer<T> {
                struct Inner<U> {
                    enum ActionError: Equatable { case failed }
                    enum NextAction { case fail(ActionError), finish(T, U) }
                }
            }

            struct Token: ~Copyable { var id: Int }

            // Found by the adversarial-names test: outside `Inner`, `Row` and `Inner.Own` must be written from
            // `Holder`, which in `extension Holder.Box.Inner` is `Box`'s generic parameter. Only `plain` gets a value.
            enum Holder {
                struct Row {}
                enum Box<Holder> {
                    enum Inner { case row(Row), own(Inner.Own), plain(Int); typealias Own = Int }
                }
            }

            enum EnqueueAction: ~Copyable {
                case resume(Token)
                case resumeWithError(Token, Int)
                case count(Int)
                case none
            }
            """,
            "App/main.swift": """
            let next = Outer<Int>.Inner<String>.NextAction.fail(.failed)
            precondition(next.fail == .failed && next.isFail && !next.isFinish)
            let action = EnqueueAction.resumeWithError(Token(id: 1), 2)
            precondition(action.isResumeWithError && !action.isCount && !action.isNone)
            let inner = Holder.Box<String>.Inner.plain(1)
            precondition(inner.plain == 1 && !inner.isRow && !inner.isOwn)
            print("shapes: ok")
            """,
        ], under: work)
        let result = try TestSupport.rexgen(["generate", "App/Shapes.swift", "--all-enums", "--lift", "none",
                                             "--output", "Generated"], in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stderr.contains("note: enum 'EnqueueAction' is ~Copyable"), result.summary)
        for (name, written) in [("row", "Holder.Row"), ("own", "Holder.Box<Holder>.Inner.Own")] {
            XCTAssertTrue(result.stderrLines.contains {
                $0.contains("warning: property '\(name)' is not generated for case '\(name)(_:)': outside the enum its payload "
                    + "must be written '\(written)', but there 'Holder' means the generic parameter 'Holder' of 'Holder.Box'")
            }, result.summary)
        }
        let generated = work.appendingPathComponent("Generated/\(LiftTestSupport.propertiesFileName)")
        let text = try String(contentsOf: generated, encoding: .utf8)
        XCTAssertTrue(text.contains("var fail: Outer<T>.Inner<U>.ActionError? {"), text)
        XCTAssertFalse(text.contains("var count:"), text)
        XCTAssertTrue(text.contains("var isCount: Swift.Bool { switch self { case .count: return true; default: return false } }"),
                      text)
        try buildAndRun(["App/Shapes.swift", "App/main.swift"], generated: generated, in: work, modes: [.swift6, .swift5],
                        expecting: "shapes: ok\n")
    }

    // MARK: - Sendable requirements Swift does not check in an enum case

    /// GRPCCore's `ClientStreamExecutor.OnFirstResponsePart<Bytes>`: a case passes the enum's generic parameter
    /// to a type whose own parameter must be `Sendable`. Swift accepts the case but not a property of that
    /// type in an extension (Swift 6 mode), so its value property and case path are left out with a warning;
    /// the standard library's generic types, the sources' types that require nothing `Sendable`, and a
    /// parameter declared `Sendable` keep theirs. Built and run.
    static let sendableSources = [
        "App/Stream.swift": """
        protocol ContiguousBytes {}
        extension Int: ContiguousBytes {}
        struct Stream<Element: Sendable, Failure: Error>: @unchecked Sendable { struct Iterator {} }
        enum ResponsePart<Bytes: ContiguousBytes> { case metadata(Int), message(Bytes) }
        extension ResponsePart: Sendable where Bytes: Sendable {}
        struct Transfer<Wrapped>: @unchecked Sendable { var wrappedValue: Wrapped }
        enum Executor {
            enum OnFirstPart<Bytes: ContiguousBytes>: Sendable {
                case metadata(Int, Transfer<Stream<ResponsePart<Bytes>, any Error>.Iterator>)
                case status(Int)
            }
            enum SendableFirstPart<Bytes> where Bytes: ContiguousBytes & Sendable {
                case metadata(Transfer<Stream<ResponsePart<Bytes>, any Error>.Iterator>)
            }
        }
        struct Outer<T> {
            enum Inner { case boxed(Stream<T, Never>), plain(T), results(Result<[T]?, any Error>), page(Page<T>) }
            struct Page<Item> { var items: [Item] }
        }
        """,
        "App/main.swift": """
        let first = Executor.OnFirstPart<Int>.metadata(1, Transfer(wrappedValue: Stream<ResponsePart<Int>, any Error>.Iterator()))
        precondition(first.isMetadata && !first.isStatus && first.status == nil)
        let sendable = Executor.SendableFirstPart<Int>.metadata(Transfer(wrappedValue: .init()))
        precondition(sendable.metadata != nil && sendable.isMetadata)
        let inner = Outer<String>.Inner.plain("x")
        precondition(inner.plain == "x" && !inner.isBoxed && inner.results == nil && inner.page == nil)
        precondition(Outer<Int>.Inner.page(.init(items: [1])).page?.items == [1])
        print("sendable: ok")
        """,
    ]

    func testPayloadsPassingAGenericParameterToATypeThatMayRequireSendable() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.sendableSources, under: work)
        let result = try TestSupport.rexgen(["generate", "App/Stream.swift", "--all-enums", "--case-paths", "--lift", "none",
                                             "--output", "Generated"], in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let warnings = result.stderrLines.filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 2, result.summary)
        XCTAssertTrue(warnings.contains { $0.contains("Stream.swift:9:") && $0.contains("'metadata'")
            && $0.contains("generic parameter 'Bytes' to 'Stream', which") && $0.contains("'Bytes: Sendable'") }, result.summary)
        XCTAssertTrue(warnings.contains { $0.contains("Stream.swift:17:") && $0.contains("'T' to 'Stream'") }, result.summary)
        let generated = work.appendingPathComponent("Generated/\(LiftTestSupport.propertiesFileName)")
        let text = try String(contentsOf: generated, encoding: .utf8)
        func section(_ name: String) -> String {
            text.components(separatedBy: "// MARK: - \(name)\n").dropFirst().first?.components(separatedBy: "// MARK: - ").first ?? ""
        }
        XCTAssertFalse(section("Executor.OnFirstPart").contains("var metadata:"), text)
        XCTAssertFalse(section("Executor.OnFirstPart").contains("\\.metadata"), text)
        XCTAssertTrue(section("Executor.OnFirstPart").contains("var isMetadata: Swift.Bool"), text)
        XCTAssertTrue(section("Executor.SendableFirstPart").contains("var metadata: Transfer<"), text)
        XCTAssertTrue(text.contains("var results: Result<[T]?, any Error>?"), text)
        XCTAssertTrue(text.contains("var page: Outer<T>.Page<T>?"), text)
        XCTAssertFalse(text.contains("var boxed:"), text)
        XCTAssertFalse(text.contains("\\.boxed"), text)
        XCTAssertTrue(text.contains("var isBoxed: Swift.Bool"), text)
        // The case paths need swift-case-paths: the program is built without them, the properties alone.
        let withoutCasePaths = try TestSupport.rexgen(["generate", "App/Stream.swift", "--all-enums", "--lift", "none",
                                                       "--output", "Plain"], in: work)
        XCTAssertEqual(withoutCasePaths.exitCode, 0, withoutCasePaths.summary)
        let plain = work.appendingPathComponent("Plain/\(LiftTestSupport.propertiesFileName)")
        try buildAndRun(["App/Stream.swift", "App/main.swift"], generated: plain, in: work, modes: [.swift6, .swift5],
                        expecting: "sendable: ok\n")
    }

    /// The mutation check: the property RexGen leaves out, written by hand, does not compile in Swift 6 mode.
    func testThePropertyLeftOutWouldNotCompile() throws {
        let work = try temporaryDirectory()
        try TestSupport.write(Self.sendableSources.merging(["App/ByHand.swift": """
            extension Executor.OnFirstPart {
                var metadata: (Int, Transfer<Stream<ResponsePart<Bytes>, any Error>.Iterator>)? {
                    guard case let .metadata(value0, value1) = self else { return nil }; return (value0, value1)
                }
            }
            """]) { first, _ in first }, under: work)
        let build = try LiftTestSupport.swiftc(.swift6, ["-typecheck", "-module-name", "App"]
            + ["Stream.swift", "ByHand.swift"].map { work.appendingPathComponent("App/" + $0).path })
        XCTAssertNotEqual(build.exitCode, 0, build.summary)
        XCTAssertTrue(build.stderr.contains("ByHand.swift:2:") && build.stderr.contains("'Sendable'"), build.summary)
    }

    // MARK: - Helpers

    /// Builds `sources` (relative to `work`) with the generated file as module `App`, runs it, and checks
    /// what it prints, in each language mode.
    private func buildAndRun(_ sources: [String], generated: URL, in work: URL, modes: [LiftTestSupport.LanguageMode],
                             expecting output: String) throws {
        for mode in modes {
            let program = work.appendingPathComponent("program\(mode.rawValue)")
            let build = try LiftTestSupport.swiftc(mode, ["-module-name", "App", "-o", program.path]
                + sources.map { work.appendingPathComponent($0).path } + [generated.path])
            try LiftTestSupport.require(build, "building \(sources) (Swift \(mode.rawValue) mode)")
            let run = try TestSupport.run(program, [])
            XCTAssertEqual(run.stdout, output, run.summary)
        }
    }

    /// Writes `files` under `work/Sources`, generates into `work/Generated`; the generated Swift files.
    private func generateModule(_ files: [String: String], arguments: [String], in work: URL) throws -> [URL] {
        try TestSupport.write(files.reduce(into: [:]) { $0["Sources/" + $1.key] = $1.value }, under: work)
        let result = try TestSupport.rexgen(["generate", "Sources", "--lift", "none", "--output", "Generated"]
            + arguments, in: work)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        return try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Generated"))
    }

    private func sourceFiles(in work: URL) throws -> [URL] {
        try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Sources"))
    }

    /// Built as SwiftPM builds a library target of a package that other packages use: a module, with
    /// library evolution as a framework build would.
    private func buildModule(_ name: String, sources: [URL], mode: LiftTestSupport.LanguageMode,
                             in work: URL) throws -> ProcessResult {
        let modules = work.appendingPathComponent("modules-\(mode.rawValue)")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        return try LiftTestSupport.swiftc(mode, [
            "-parse-as-library", "-emit-module", "-enable-library-evolution", "-module-name", name,
            "-emit-module-path", modules.appendingPathComponent("\(name).swiftmodule").path,
        ] + sources.map(\.path))
    }

    private func compileModule(_ name: String, sources: [URL], mode: LiftTestSupport.LanguageMode, in work: URL) throws {
        let result = try buildModule(name, sources: sources, mode: mode, in: work)
        XCTAssertEqual(result.exitCode, 0, LiftTestSupport.excerpt(result))
    }
}
