import XCTest
@testable import RexGenCore

/// The byte-level and loop-based spellings of name helpers that run tens of thousands of times a run (kept
/// debug-friendly for the build plugin), checked against the plain `Character`- and `map`-based spellings
/// they replaced, on awkward inputs.
final class NameFastPathTests: XCTestCase {
    private let paths = [
        "/app/Sources/Feature/MovieAction.swift", "MovieAction.swift", "Relative/Dir/List.swift", "/a/.swift",
        "/a/Foo.swift.swift", "/a/Café Ação.swift", "/a/Foo", "/a/Fooswift", "/a/Foo.Swift", "/a/b.c/Name.swift",
        "/a/😀.swift", "/a/e\u{301}.swift", "/", "", ".swift", "swift", "/a/Foo.swif",
    ]

    func testPerSourceFileNamesAreTheCharacterBasedOnes() {
        func characterBased(_ sourcePath: String) -> String {
            var name = sourcePath.lastIndex(of: "/").map { String(sourcePath[sourcePath.index(after: $0)...]) } ?? sourcePath
            if name.hasSuffix(".swift") { name.removeLast(".swift".count) }
            return name + EnumPropertiesRenderer.perSourceSuffix
        }
        for path in paths {
            XCTAssertEqual(EnumPropertiesRenderer.perSourceFileName(for: path), characterBased(path), path)
        }
        XCTAssertEqual(EnumPropertiesRenderer.perSourceFileName(for: "/x/Café Ação.swift"),
                       "Café Ação+EnumProperties.generated.swift")
    }

    func testLastComponentsAreTheSplitOnes() {
        for name in ["MovieAction", "Feature.Action", "A.B.C", "Café.Ação", "😀.E", "Trailing.", ".Leading", ""] {
            XCTAssertEqual(String(TypeNameResolver.lastComponent(name)),
                           name.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? "", name)
        }
    }

    func testSplittingTypeNames() {
        func split(_ text: String) -> [String]? {
            TypeNameResolver.split(text).map { $0.components + ($0.arguments.isEmpty ? [] : ["<"] + $0.arguments) }
        }
        XCTAssertEqual(split("MovieAction"), ["MovieAction"])
        XCTAssertEqual(split("Feature.Action"), ["Feature", "Action"])
        XCTAssertEqual(split("App.Feature.Action"), ["App", "Feature", "Action"])
        XCTAssertEqual(split("Wrapper<Movie, Int>"), ["Wrapper", "<", "Movie", "Int"])
        XCTAssertEqual(split("Feature.`Type`"), ["Feature", "Type"])
        XCTAssertEqual(split("Ação"), ["Ação"])
        XCTAssertEqual(split("Page<(Int) -> Void>"), ["Page", "<", "(Int) -> Void"])
        for notAName in ["Feature..Action", ".Action", "Action.", "[Int]", "(Int) -> Void", "Int?", "",
                         "Outer<Int>.", "Outer<Int>Sheet", "Outer<Int>>.Sheet", "Outer<Int.Sheet", "[Outer<Int>.Sheet]",
                         "Outer<Int>.Sheet?", "Page<A><B>", "Page<A>`B`"] {
            XCTAssertNil(split(notAName), notAName)
        }
    }

    /// A generic type along the way gives its arguments by component: `Outer<Int>.SheetAction` is an enum
    /// of `Outer<Int>`, whose conformance must state them.
    func testSplittingArgumentsOfTypesAlongTheWay() throws {
        let sheet = try XCTUnwrap(TypeNameResolver.split("Outer<Int>.SheetAction"))
        XCTAssertEqual(sheet.components, ["Outer", "SheetAction"])
        XCTAssertEqual(sheet.arguments, [])
        XCTAssertEqual(sheet.scopeArguments, [0: ["Int"]])
        let deep = try XCTUnwrap(TypeNameResolver.split("App.Page<Box<Int>, A.B> . `Row`<[String: Int]>"))
        XCTAssertEqual(deep.components, ["App", "Page", "Row"])
        XCTAssertEqual(deep.arguments, ["[String: Int]"])
        XCTAssertEqual(deep.scopeArguments, [1: ["Box<Int>", "A.B"]])
        XCTAssertEqual(TypeNameResolver.split("Feature.Wrapper<Movie>")?.scopeArguments, [:])
    }

    /// Swift 6.2's raw identifiers (SE-0451) are names only between backticks, wherever they are written; a
    /// name derived from one (the root's protocol, alias and lift names) is made a plain name instead.
    func testRawIdentifiers() {
        for plain in ["movie", "_private", "état", "ação2", "x1", "Ünïcode", "class"] {
            XCTAssertTrue(SwiftNames.isPlainIdentifier(plain), plain)
        }
        for raw in ["sign in", "2fa", "1080p", "a, b", "go (back)", "a.b", "x-y", "", "é café", "tab\tname"] {
            XCTAssertFalse(SwiftNames.isPlainIdentifier(raw), raw)
            XCTAssertEqual(SwiftNames.escaped(raw), "`\(raw)`", raw)
            XCTAssertEqual(SwiftNames.label(raw), "`\(raw)`", raw)
        }
        XCTAssertEqual(SwiftNames.escaped("class"), "`class`")
        XCTAssertEqual(SwiftNames.label("in"), "in")
        XCTAssertEqual(SwiftNames.escaped(SwiftNames.isPropertyName(for: "did tap")), "`isDid tap`")
        XCTAssertEqual(SwiftNames.escaped(SwiftNames.isPropertyName(for: "2fa")), "is2fa")
        XCTAssertEqual(LiftNaming.joinedName(["App", "Action"]), "AppAction")
        XCTAssertEqual(LiftNaming.joinedName(["App Action"]), "AppAction")
        XCTAssertEqual(LiftNaming.joinedName(["sign in", "Event"]), "SignInEvent")
        XCTAssertEqual(LiftNaming.joinedName(["2nd Screen", "Action"]), "_2ndScreenAction")
        XCTAssertEqual(LiftNaming.joinedName(["Feature", "go (back).now"]), "FeatureGoBackNow")
        XCTAssertEqual(SwiftNames.extensionName(["Sign In", "Action"]), "`Sign In`.Action")
        func split(_ text: String) -> [String]? { TypeNameResolver.split(text)?.components }
        XCTAssertEqual(split("`My Feature`.Action"), ["My Feature", "Action"])
        XCTAssertEqual(split("`a.b`.C"), ["a.b", "C"])
        XCTAssertEqual(split("`Sign In`<`2fa`>"), ["Sign In"])
        XCTAssertNil(split("My Feature.Action"))
    }

    func testExtensionNamesAndLiftPatterns() {
        let movie = EnumCaseDeclaration(name: "movie", location: SourceLocation(file: "F.swift", line: 1, column: 1),
                                        associatedValues: [AssociatedValue(label: nil, typeText: "MovieAction")])
        let labelled = EnumCaseDeclaration(name: "default", location: SourceLocation(file: "F.swift", line: 2, column: 1),
                                           associatedValues: [AssociatedValue(label: "action", typeText: "ListAction")])
        let path = [ActionTree.Edge(parent: 0, child: 1, enumCase: movie, genericArguments: []),
                    ActionTree.Edge(parent: 1, child: 2, enumCase: labelled, genericArguments: [])]
        var declaration = EnumDeclaration(name: "Type", qualifiedNameComponents: ["Movies", "Type"],
                                          location: SourceLocation(file: "F.swift", line: 3, column: 1))
        XCTAssertEqual(declaration.qualifiedNameForExtension, "Movies.`Type`")
        declaration.qualifiedNameComponents = ["class", "List"]
        XCTAssertEqual(declaration.qualifiedNameForExtension, "`class`.List")
        let conformance = ConformancePlan(declaration: declaration, path: path, whereRequirements: [], access: .public,
                                          ifConfig: [])
        XCTAssertEqual(conformance.extractionPattern, ".movie(.`default`(value))")
        XCTAssertEqual(conformance.embedding, ".movie(.`default`(action: self))")
        let identity = ConformancePlan(declaration: declaration, path: [], whereRequirements: [], access: .public, ifConfig: [])
        XCTAssertEqual(identity.extractionPattern, "value")
        XCTAssertEqual(identity.embedding, "self")
    }

    func testCommonNameEndingsAndExcludedInputs() {
        func ending(_ paths: [String]) -> String {
            String(decoding: SourceSnapshot.commonNameEnding(of: paths), as: UTF8.self)
        }
        XCTAssertEqual(ending(["/o/A+EnumProperties.generated.swift", "/o/EnumProperties.generated.swift",
                               "/o/ActionLifts.generated.swift"]), "s.generated.swift")
        XCTAssertEqual(ending(["/out/X.swift"]), "X.swift", "never past the start of a name")
        XCTAssertEqual(ending(["/out/Long.swift", "/other/g.swift"]), "g.swift")
        XCTAssertEqual(ending(["/a/x", "/b/"]), "")
        XCTAssertEqual(ending([]), "")

        let inputs = ["/src/A.swift", "/out/A+EnumProperties.generated.swift", "/src/B.generated.swift", "/src/C.swift"]
        XCTAssertEqual(SourceSnapshot.indexes(of: inputs, excluding: ["/out/../out/A+EnumProperties.generated.swift",
                                                                      "/out/EnumProperties.generated.swift"]), [0, 2, 3])
        XCTAssertEqual(SourceSnapshot.indexes(of: inputs, excluding: ["/out/Z+EnumProperties.generated.swift"]), [0, 1, 2, 3])
        XCTAssertEqual(SourceSnapshot.indexes(of: inputs, excluding: ["/src/C.swift", "/x/"]), [0, 1, 2])
        XCTAssertEqual(SourceSnapshot.indexes(of: inputs, excluding: []), [0, 1, 2, 3])
    }
}
