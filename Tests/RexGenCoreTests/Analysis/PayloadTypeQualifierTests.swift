import XCTest
@testable import RexGenCore

/// The payload-type qualifier on its own: which names Swift's lexical lookup finds in an enclosing type,
/// and how the type text is rewritten so it means the same in an extension at file scope.
final class PayloadTypeQualifierTests: XCTestCase {
    /// Each case of the enum named `enumName` with its payload types as generated code writes them:
    /// `case(Type, Type)`; at file scope with `fileScopeArguments` (a type whose arguments are needed and not
    /// given reads `needs Type`).
    private func qualified(_ enumName: String, in sources: String..., fileScopeArguments: [String: [String]]? = nil)
        -> [String] {
        let files = sources.enumerated().map { SwiftReader.parse(source: $1, path: "F\($0).swift") }
        let model = SourceModel(files: files)
        let qualifier = PayloadTypeQualifier(model: model)
        guard let declaration = files.flatMap(\.enums).first(where: { $0.qualifiedName == enumName }) else {
            XCTFail("no enum \(enumName)")
            return []
        }
        return declaration.cases.map { enumCase in
            let types = (enumCase.associatedValues ?? []).map {
                guard let fileScopeArguments else { return qualifier.qualified($0.typeText, in: declaration) }
                switch qualifier.qualifiedAtFileScope($0.typeText, in: declaration, arguments: fileScopeArguments) {
                case .text(let text): return text
                case .needsArguments(_, let scope): return "needs \(scope)"
                }
            }
            return "\(enumCase.name)(\(types.joined(separator: ", ")))"
        }
    }

    func testSiblingTypesOfTheEnclosingTypeAreQualifiedInEveryPayloadShape() {
        let source = """
        enum Movies {
            enum Event {
                case picker(Picker.Event)
                case list([Item])
                case loaded(Result<Item, Failure>)
                case optional(Item?, Item!)
                case dictionary([Item: [Failure]])
                case tuple((Item, Int))
                case function((Item, inout Failure) async throws -> Item?)
                case typedThrows(() throws(Failure) -> Void)
                case attributed(@Sendable @escaping (Item) -> Void)
                case existential(any Proto, some Proto)
                case composition(Proto & Sendable)
                case metatype(Item.Type)
                case generic(Dictionary<String, Item>.Index)
                case labelled(item: Item, count: Int)
            }
            enum Picker { enum Event {} }
            struct Item {}
            struct Failure: Error {}
            protocol Proto {}
        }
        """
        XCTAssertEqual(qualified("Movies.Event", in: source), [
            "picker(Movies.Picker.Event)",
            "list([Movies.Item])",
            "loaded(Result<Movies.Item, Movies.Failure>)",
            "optional(Movies.Item?, Movies.Item!)",
            "dictionary([Movies.Item: [Movies.Failure]])",
            "tuple((Movies.Item, Int))",
            "function((Movies.Item, inout Movies.Failure) async throws -> Movies.Item?)",
            "typedThrows(() throws(Movies.Failure) -> Void)",
            "attributed(@Sendable @escaping (Movies.Item) -> Void)",
            "existential(any Movies.Proto, some Movies.Proto)",
            "composition(Movies.Proto & Sendable)",
            "metatype(Movies.Item.Type)",
            "generic(Dictionary<String, Movies.Item>.Index)",
            "labelled(Movies.Item, Int)",
        ])
    }

    func testLabelsAttributesAndMembersAfterADotAreNotLookedUp() {
        // Types named like the labels exist in the enclosing type: only the types are qualified.
        let source = """
        struct Screen {
            struct item {}
            struct convention {}
            struct Event {}
            enum Action {
                case call((_ item: item, item: Int) -> Void)
                case c(@convention(c) (Int32) -> Int32)
                case nested(Other.Event)
            }
        }
        struct Other { struct Event {} }
        """
        XCTAssertEqual(qualified("Screen.Action", in: source), [
            "call((_ item: Screen.item, item: Int) -> Void)",
            "c(@convention(c) (Int32) -> Int32)",
            "nested(Other.Event)",
        ])
    }

    func testTheInnermostScopeWins() {
        let source = """
        struct Item {}
        enum App {
            struct Item {}
            enum Feature {
                struct Item {}
                enum Action { case item(Item), feature(Feature.Item) }
            }
            enum Other { enum Action { case item(Item) } }
        }
        enum Top { enum Action { case item(Item) } }
        """
        XCTAssertEqual(qualified("App.Feature.Action", in: source), ["item(App.Feature.Item)", "feature(App.Feature.Item)"])
        XCTAssertEqual(qualified("App.Other.Action", in: source), ["item(App.Item)"])
        // Only the top-level type is visible: nothing to qualify.
        XCTAssertEqual(qualified("Top.Action", in: source), ["item(Item)"])
    }

    func testTheEnumsOwnMembersAndGenericParametersStayAsWritten() {
        let source = """
        enum Outer {
            struct Request {}
            struct Value {}
            enum BoardAction<Value> {
                case request(Request)
                case value(Value)
                enum Request {}
            }
        }
        """
        XCTAssertEqual(qualified("Outer.BoardAction", in: source), ["request(Request)", "value(Value)"])
        // Written at file scope (another type's `where` clause), its own members need their full name, with the
        // enum's arguments, and its parameters are those arguments.
        XCTAssertEqual(qualified("Outer.BoardAction", in: source, fileScopeArguments: ["Outer.BoardAction": ["Int"]]),
                       ["request(Outer.BoardAction<Int>.Request)", "value(Int)"])
        XCTAssertEqual(qualified("Outer.BoardAction", in: source, fileScopeArguments: [:]),
                       ["request(needs Outer.BoardAction)", "value(needs Outer.BoardAction)"])
    }

    func testGenericEnclosingTypes() {
        let source = """
        enum Movies {
            struct Item {}
            struct Element {}
            struct Crate<Item> {
                struct Element {}
                enum Action { case content(Item), element(Element) }
            }
        }
        """
        // The generic parameter `Item` of Crate shadows Movies.Item; Crate's own Element is qualified with
        // Crate's parameters as its arguments (in scope, under those names, inside an extension of
        // Crate.Action): Swift infers them for one generic type on the path, not for two.
        XCTAssertEqual(qualified("Movies.Crate.Action", in: source), ["content(Item)", "element(Movies.Crate<Item>.Element)"])
        // At file scope, with the arguments the path gives Crate.
        XCTAssertEqual(qualified("Movies.Crate.Action", in: source, fileScopeArguments: ["Movies.Crate": ["Bool"]]),
                       ["content(Bool)", "element(Movies.Crate<Bool>.Element)"])
    }

    /// A generic enum naming itself or a generic type around it bare (`Intent.Movies` inside `Intent<T>`): the
    /// bare name means it with its own parameters, so qualified it needs them (`Settings.Intent<T>.Movies`;
    /// `Settings.Intent.Movies` names no type). At file scope, each with the arguments given.
    func testAGenericEnumNamingItselfBare() {
        let source = """
        enum Settings {
            struct Box<Value> {
                enum Intent<T> {
                    case own(Intent.Movies)
                    case around(Box.Lid)
                    case given(Intent<Int>.Movies)
                    case nested(Movies)
                    enum Movies {}
                }
                struct Lid {}
            }
        }
        """
        XCTAssertEqual(qualified("Settings.Box.Intent", in: source), [
            "own(Settings.Box<Value>.Intent<T>.Movies)", "around(Settings.Box<Value>.Lid)",
            "given(Settings.Box<Value>.Intent<Int>.Movies)", "nested(Movies)",
        ])
        XCTAssertEqual(qualified("Settings.Box.Intent", in: source,
                                 fileScopeArguments: ["Settings.Box": ["Int"], "Settings.Box.Intent": ["String"]]), [
            "own(Settings.Box<Int>.Intent<String>.Movies)", "around(Settings.Box<Int>.Lid)",
            "given(Settings.Box<Int>.Intent<Int>.Movies)", "nested(Settings.Box<Int>.Intent<String>.Movies)",
        ])
    }

    /// Every qualification starts with the enum's outermost type; a member type of the enum with that name, or
    /// a generic parameter of the enum or of a type around it, is what the name means in the enum's extension,
    /// so no qualification is sure there.
    func testAQualificationTheEnumsOwnMemberOrAGenericParameterHides() {
        let source = """
            enum Case {
                struct `Any` { enum Event { case v } }
                enum State {
                    case ok(`Any`.Event)
                    enum Case { case x }
                }
                enum Other<Case> { case ok(`Any`.Event) }
                enum Plain { case ok(`Any`.Event) }
                struct Box<Case> {
                    enum Inner { case ok(`Any`.Event) }
                }
            }
            """
        let files = [SwiftReader.parse(source: source, path: "F.swift")]
        let qualifier = PayloadTypeQualifier(model: SourceModel(files: files))
        let shadows = Dictionary(uniqueKeysWithValues: files[0].enums.map {
            ($0.qualifiedName, qualifier.qualificationShadow(in: $0))
        })
        XCTAssertEqual(shadows, ["Case": nil, "Case.Any.Event": nil, "Case.State": .member("Case.State.Case"),
                                 "Case.State.Case": nil, "Case.Other": .genericParameter(of: "Case.Other"),
                                 "Case.Plain": nil, "Case.Box.Inner": .genericParameter(of: "Case.Box")])
        XCTAssertEqual(qualified("Case.Plain", in: source), ["ok(Case.`Any`.Event)"])
    }

    func testAGenericParameterShadowsAMemberTypeOfTheSameType() {
        let source = """
        struct Shelf<Item> {
            struct Item {}
            enum Action { case item(Item) }
        }
        """
        XCTAssertEqual(qualified("Shelf.Action", in: source), ["item(Item)"])
    }

    /// In the enum's body its own member is found before a generic parameter of a type around it; in an
    /// extension of the enum the parameter is (`Item` below means `Shelf<Item>.Action.Item` in the case, and
    /// `Shelf`'s parameter in `extension Shelf.Action`), so the member is written qualified there.
    func testAMemberOfTheEnumNamedLikeAGenericParameterAroundIt() {
        let source = """
        enum Store {
            struct Shelf<Item, Other> {
                enum Action {
                    case item(Item)
                    case items([Item?], Other)
                    enum Item { case a }
                }
            }
        }
        """
        XCTAssertEqual(qualified("Store.Shelf.Action", in: source),
                       ["item(Store.Shelf<Item, Other>.Action.Item)", "items([Store.Shelf<Item, Other>.Action.Item?], Other)"])
    }

    func testExtensionsAcrossFiles() {
        let enumFile = """
        enum Catalog {}
        extension Catalog {
            enum Event { case row(Row), page(Page) }
        }
        """
        let rowsFile = """
        extension Catalog {
            struct Row {}
            typealias Page = [Row]
        }
        """
        XCTAssertEqual(qualified("Catalog.Event", in: enumFile, rowsFile), ["row(Catalog.Row)", "page(Catalog.Page)"])
    }

    func testAnExtensionDoesNotSeeItsExtendedTypesEnclosingTypes() {
        let source = """
        struct Outer {
            struct Inner {}
            struct Mid { struct Deep {} }
        }
        extension Outer.Mid {
            enum Event { case inner(Inner), deep(Deep) }
        }
        """
        // `Inner` would not compile in the user's code either; it is left for the compiler to report.
        XCTAssertEqual(qualified("Outer.Mid.Event", in: source), ["inner(Inner)", "deep(Outer.Mid.Deep)"])
    }

    func testTypealiasesInTheEnclosingType() {
        let source = """
        enum Library {
            struct Book {}
            typealias Shelf = [Book]
            typealias Handler<T> = (T) -> Void
            enum Action { case shelf(Shelf), handler(Handler<Book>) }
        }
        """
        XCTAssertEqual(qualified("Library.Action", in: source),
                       ["shelf(Library.Shelf)", "handler(Library.Handler<Library.Book>)"])
    }

    func testNamesTheSourcesDoNotDeclareAreKeptAsWritten() {
        let source = """
        import Other
        enum Feature {
            enum Action {
                case imported(Other.Thing, Thing, Swift.Result<Int, Error>)
                case backticked(`Type`, `Self`)
            }
            struct `Type` {}
        }
        """
        XCTAssertEqual(qualified("Feature.Action", in: source),
                       ["imported(Other.Thing, Thing, Swift.Result<Int, Error>)", "backticked(Feature.`Type`, `Self`)"])
    }

    func testNonASCIINames() {
        let source = """
        enum Café {
            struct Crème {}
            enum Action { case crème([Crème]) }
        }
        """
        XCTAssertEqual(qualified("Café.Action", in: source), ["crème([Café.Crème])"])
    }
}
