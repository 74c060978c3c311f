import Foundation
import XCTest
@testable import RexGenCore

/// A generated file copies its source's imports. `public import Lib` there, with no public generated
/// declaration naming a type of `Lib`, draws "public import of 'Lib' was not used in public declarations" (55
/// such warnings in the real modules of `Scripts/check-real-modules.sh`), so it is written `internal import`;
/// it stays public where a payload type or the type an enum is nested in may come from the import.
final class ImportAccessTests: XCTestCase {
    private static let sources = [
        "NoLibType.swift": """
            public import Lib

            public enum PlainAction { case count(Int), name(String), done }
            public func makeThing() -> Thing { Thing() }
            """,
        "PackageOnly.swift": """
            package import Lib

            package enum PackageAction { case count(Int) }
            package func makeOtherThing() -> Thing { Thing() }
            """,
        "LibPayload.swift": """
            public import Lib

            public enum ThingAction { case thing(Thing), count(Int) }
            """,
        "NestedInLib.swift": """
            public import Lib

            extension Host {
                public enum Action { case count(Int) }
            }
            """,
    ]

    func testImportsAreAsWideAsTheGeneratedDeclarationsNeed() throws {
        try assertImportsAreAsWideAsNeeded(libIsAReference: false)
    }

    /// The build plugin passes the dependency targets' sources as references: their types are still another
    /// module's, which a public declaration names only through a public import.
    func testAReferenceModulesTypesStillNeedItsImport() throws {
        try assertImportsAreAsWideAsNeeded(libIsAReference: true)
    }

    private func assertImportsAreAsWideAsNeeded(libIsAReference: Bool) throws {
        let work = try temporaryDirectory()
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try TestSupport.write(["Lib/Lib.swift": """
            public struct Thing: Sendable { public init() {} }
            public struct Host { public init() {} }
            """], under: work)
        try TestSupport.write(Self.sources.reduce(into: [:]) { $0["Sources/" + $1.key] = $1.value }, under: work)
        let generated = try TestSupport.rexgen(["generate", "Sources", "--all-enums", "--case-paths", "--lift", "none",
                                                "--file-per-source", "--output", "Generated"]
                                                   + (libIsAReference ? ["--reference", "Lib"] : []), in: work)
        XCTAssertEqual(generated.exitCode, 0, generated.summary)
        func imports(_ name: String) throws -> [String] {
            try String(contentsOf: work.appendingPathComponent("Generated/\(name)+EnumProperties.generated.swift"),
                       encoding: .utf8).components(separatedBy: "\n").filter { $0.hasSuffix("import Lib") }
        }
        XCTAssertEqual(try imports("NoLibType"), ["internal import Lib"])
        XCTAssertEqual(try imports("PackageOnly"), ["internal import Lib"])
        XCTAssertEqual(try imports("LibPayload"), ["public import Lib"], "a payload names Lib's Thing")
        XCTAssertEqual(try imports("NestedInLib"), ["public import Lib"], "the enum is nested in Lib's Host")

        let sources = try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Sources"))
            + LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Generated"))
        for mode in [LiftTestSupport.LanguageMode.swift6, .swift5] {
            try LiftTestSupport.buildInterfaceOnly("Lib", sources: [work.appendingPathComponent("Lib/Lib.swift")],
                                                   mode: mode, into: modules)
            // Without CasePathsCore the case paths compile to nothing; the imports are what is checked.
            let typecheck = try LiftTestSupport.typecheck(sources, modules: modules, mode: mode,
                                                          extraArguments: ["-parse-as-library", "-package-name", "App"])
            XCTAssertEqual(typecheck.exitCode, 0, "Swift \(mode.rawValue) mode\n" + LiftTestSupport.excerpt(typecheck))
        }
    }

    /// With `--reference-module`, a type of a reference is known to come from its module: a file's other
    /// public imports are written `internal import`, so no unused one is warned about. A type from a module
    /// no reference is part of, or a reference's typealias (whose type may be another module's), may come from
    /// any import, which then stays as stated.
    func testReferenceModulesTellWhichImportAPayloadTypeNeeds() throws {
        let work = try temporaryDirectory()
        let libraries = [
            "Lib": "public struct Thing: Sendable { public init() {} }\npublic typealias Alias = Thing\n",
            "Log": "public struct Logger: Sendable { public init() {} }\n",
            "Proto": "public protocol Group: Sendable {}\n",
            "Extra": "public struct Widget: Sendable { public init() {} }\n"
                + "extension Int { public struct Style: Sendable { public init() {} } }\n",
        ]
        try TestSupport.write(libraries.reduce(into: [:]) { $0["\($1.key)/\($1.key).swift"] = $1.value }, under: work)
        try TestSupport.write([
            "Sources/Provider.swift": """
                public import Lib
                public import Log
                public import Proto

                public enum ProviderAction { case shared(any Group), count(Int) }
                public func makeThing() -> Thing { Thing() }
                public func makeLogger() -> Logger { Logger() }
                """,
            "Sources/Qualified.swift": """
                public import Lib
                public import Log

                public enum QualifiedAction { case log(Log.Logger) }
                public func makeOtherThing() -> Thing { Thing() }
                """,
            "Sources/Attributed.swift": """
                public import Extra
                public import Lib

                public enum AttributedAction { case thing(Thing) }
                public func makeWidget() -> Widget { Widget() }
                """,
            "Sources/Mixed.swift": """
                public import Extra
                public import Lib

                public enum MixedAction { case thing(Thing), widget(Widget) }
                """,
            "Sources/Aliased.swift": """
                public import Extra
                public import Lib

                public enum AliasedAction { case alias(Alias) }
                public func makeOtherWidget() -> Widget { Widget() }
                """,
        ], under: work)
        let imports = try generatedImports(in: work, referencing: ["Lib", "Log", "Proto"])
        XCTAssertEqual(try imports("Provider"), ["internal import Lib", "internal import Log", "public import Proto"])
        XCTAssertEqual(try imports("Qualified"), ["internal import Lib", "public import Log"], "a module-qualified payload")
        XCTAssertEqual(try imports("Attributed"), ["internal import Extra", "public import Lib"])
        XCTAssertEqual(try imports("Mixed"), ["public import Extra", "public import Lib"], "Widget: no reference's")
        XCTAssertEqual(try imports("Aliased"), ["public import Extra", "public import Lib"], "a typealias")

        // Without warnings (`typecheck` turns them into errors), but for the typealias's file, whose `Extra` is
        // kept public as RexGen cannot tell it is unused.
        try assertTypechecks(in: work, modules: Array(libraries.keys), leavingOut: "Aliased")
    }

    /// A type no reference declares (a system module's, say) may come from any import, but not from a
    /// reference module that declares no type of its name, re-exports nothing and names none through a
    /// typealias: that module's import is narrowed all the same. A module that declares a type inside another
    /// module's type (in an extension) keeps its import as wide as a payload naming that type needs.
    func testAReferenceModuleProvidesOnlyItsOwnTypes() throws {
        let work = try temporaryDirectory()
        // In build order. `Extra` stands for a module no reference covers, such as Foundation.
        let libraries: KeyValuePairs = [
            "Extra": "public struct Widget: Sendable { public init() {} }\n"
                + "extension Int { public struct Style: Sendable { public init() {} } }\n",
            "Lib": "public struct Thing: Sendable { public init() {} }\npublic typealias Alias = Thing\n",
            "Log": "public struct Logger: Sendable { public init() {} }\n",
            "Parts": "public import Lib\nextension Thing { public struct Part: Sendable { public init() {} } }\n"
                + "extension Int { public struct Size: Sendable { public init() {} } }\n",
            "Umbrella": "@_exported import Extra\npublic struct Cover: Sendable { public init() {} }\n",
        ]
        for (name, source) in libraries { try TestSupport.write(["\(name)/\(name).swift": source], under: work) }
        try TestSupport.write([
            "Sources/Unknown.swift": """
                public import Extra
                public import Lib
                public import Log

                public enum UnknownAction { case widget(Widget) }
                public func makeThing() -> Thing { Thing() }
                public func makeLogger() -> Logger { Logger() }
                """,
            "Sources/Nested.swift": """
                public import Lib
                public import Parts

                public enum NestedAction { case part(Thing.Part) }
                """,
            "Sources/NestedUnknown.swift": """
                public import Extra
                public import Lib
                public import Parts

                public enum NestedUnknownAction { case part(Thing.Part), widget(Widget) }
                """,
            "Sources/StandardMember.swift": """
                public import Extra
                public import Lib

                public enum StandardMemberAction { case style(Int.Style) }
                public func makeThirdThing() -> Thing { Thing() }
                """,
            "Sources/StandardNested.swift": """
                public import Lib
                public import Parts

                public enum StandardNestedAction { case size(Int.Size) }
                public func makeFourthThing() -> Thing { Thing() }
                """,
            "Sources/ReExported.swift": """
                public import Lib
                public import Umbrella

                public enum ReExportedAction { case widget(Widget) }
                public func makeOtherThing() -> Thing { Thing() }
                public func makeCover() -> Cover { Cover() }
                """,
            "Sources/AliasedUnknown.swift": """
                public import Extra
                public import Lib

                public enum AliasedUnknownAction { case alias(Alias), widget(Widget) }
                """,
        ], under: work)
        let imports = try generatedImports(in: work, referencing: ["Lib", "Log", "Parts", "Umbrella"])
        XCTAssertEqual(try imports("Unknown"), ["internal import Lib", "internal import Log", "public import Extra"])
        XCTAssertEqual(try imports("Nested"), ["public import Lib", "public import Parts"], "Part is Parts' type")
        XCTAssertEqual(try imports("NestedUnknown"), ["public import Extra", "public import Lib", "public import Parts"])
        XCTAssertEqual(try imports("StandardMember"), ["internal import Lib", "public import Extra"],
                       "a type inside a standard library type may be any module's")
        XCTAssertEqual(try imports("StandardNested"), ["internal import Lib", "public import Parts"])
        XCTAssertEqual(try imports("ReExported"), ["internal import Lib", "public import Umbrella"], "Widget through Umbrella")
        XCTAssertEqual(try imports("AliasedUnknown"), ["public import Extra", "public import Lib"], "Alias is Lib's")

        try assertTypechecks(in: work, modules: libraries.map(\.key))
    }

    func testWhetherAStartIsFollowedByAMemberType() {
        func member(_ type: String) -> [Bool] {
            TypeTextNames(type).starts.map { EnumPropertiesPlanner.namesAMember(after: $0, in: type) }
        }
        XCTAssertEqual(member("String.Encoding"), [true])
        XCTAssertEqual(member("Array<Int>.Chunk?"), [true, false])
        XCTAssertEqual(member("Dictionary<String, Array<Int>> .Keys"), [true, false, false, false])
        XCTAssertEqual(member("String.Type"), [false])
        XCTAssertEqual(member("[String]"), [false])
        XCTAssertEqual(member("(Int, String.`Index`)"), [false, true])
    }

    /// Generates one file per source of `work/Sources`, each folder of `referenced` a reference and the module
    /// of that name; gives each generated file's imports by its source's name.
    private func generatedImports(in work: URL, referencing referenced: [String]) throws -> (String) throws -> [String] {
        let generated = try TestSupport.rexgen(["generate", "Sources", "--all-enums", "--lift", "none", "--file-per-source",
                                                "--output", "Generated", "--reference"] + referenced
                                                   + referenced.flatMap { ["--reference-module", "\($0)=\($0)"] }, in: work)
        XCTAssertEqual(generated.exitCode, 0, generated.summary)
        return { name in
            try String(contentsOf: work.appendingPathComponent("Generated/\(name)+EnumProperties.generated.swift"),
                       encoding: .utf8).components(separatedBy: "\n").filter { $0.contains("import ") }
        }
    }

    /// Builds each module of `names` (folder `work/NAME`, in the order given) and type-checks the sources with
    /// the generated files, but those whose name starts with `leavingOut`, with warnings as errors.
    private func assertTypechecks(in work: URL, modules names: [String], leavingOut excluded: String? = nil) throws {
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for name in names {
            try LiftTestSupport.buildInterfaceOnly(name, sources: [work.appendingPathComponent("\(name)/\(name).swift")],
                                                   mode: .swift6, into: modules)
        }
        let sources = try LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Sources"))
            + LiftTestSupport.swiftFiles(in: work.appendingPathComponent("Generated"))
                .filter { file in excluded.map { !file.lastPathComponent.hasPrefix($0) } ?? true }
        let typecheck = try LiftTestSupport.typecheck(sources, modules: modules, mode: .swift6,
                                                      extraArguments: ["-parse-as-library"])
        XCTAssertEqual(typecheck.exitCode, 0, LiftTestSupport.excerpt(typecheck))
    }

    /// Proof that the check can fail: the copied `public import` as the source states it draws the warning,
    /// which `-warnings-as-errors` turns into a failure.
    func testTheImportAsTheSourceStatesItWouldWarn() throws {
        let work = try temporaryDirectory()
        let modules = work.appendingPathComponent("modules")
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        try TestSupport.write(["Lib/Lib.swift": "public struct Thing: Sendable { public init() {} }\n",
                               "Sources/NoLibType.swift": Self.sources["NoLibType.swift"]!], under: work)
        try LiftTestSupport.buildInterfaceOnly("Lib", sources: [work.appendingPathComponent("Lib/Lib.swift")],
                                               mode: .swift6, into: modules)
        let generated = try TestSupport.rexgen(["generate", "Sources", "--all-enums", "--lift", "none",
                                                "--output", "Generated"], in: work)
        XCTAssertEqual(generated.exitCode, 0, generated.summary)
        let file = work.appendingPathComponent("Generated/\(LiftTestSupport.propertiesFileName)")
        let text = try String(contentsOf: file, encoding: .utf8)
        XCTAssertTrue(text.contains("\ninternal import Lib\n"), text)
        try Data(text.replacingOccurrences(of: "\ninternal import Lib\n", with: "\npublic import Lib\n").utf8).write(to: file)
        let typecheck = try LiftTestSupport.typecheck([work.appendingPathComponent("Sources/NoLibType.swift"), file],
                                                      modules: modules, mode: .swift6, extraArguments: ["-parse-as-library"])
        XCTAssertNotEqual(typecheck.exitCode, 0, LiftTestSupport.excerpt(typecheck))
        XCTAssertTrue(typecheck.stderr.contains("public import of 'Lib' was not used"), LiftTestSupport.excerpt(typecheck))
    }
}
