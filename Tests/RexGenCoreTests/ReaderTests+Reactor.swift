import XCTest
@testable import RexGenCore

/// Reactor's states (`ReactorStateDeclaration`): which declarations name `State`, and what the reader keeps of
/// a state struct's body (stored properties, `react` functions) and of a state enum (its cases).
extension ReaderTests {
    func testDeclarationsNamingStateAreRecorded() {
        let file = Reader.parse("""
        import Reactor
        struct A: State {}
        public struct B: Equatable, Reactor.State {}
        struct C<T: State>: Equatable where T: State {}
        struct D: Other.State, Box<State> {}
        enum E: State { case a }
        extension F: State {}
        extension G.H: Reactor.State where I: J {}
        class K: State {}
        protocol L: State {}
        func f() { struct Local: State {} }
        enum M { indirect enum N: Reactor.State { case n } }
        """)
        XCTAssertEqual(file.reactorStates.map(\.qualifiedName), ["A", "B", "E", "F", "G.H", "M.N"])
        XCTAssertEqual(file.reactorStates.map(\.kind), [.struct, .struct, .enum, .extension, .extension, .enum])
        XCTAssertEqual(file.reactorStates.map(\.namesReactorExplicitly), [false, true, false, false, true, true])
        XCTAssertEqual(file.reactorStates[1].declaredAccess, .public)
        XCTAssertEqual(file.reactorStates[5].enclosingScopes, [.type(name: "M", declaredAccess: nil)])
        XCTAssertEqual(file.reactorStates[0].location.line, 2)
    }

    func testStoredPropertiesOfAStateStruct() {
        let file = Reader.parse("""
        struct Game: State {
            var player: Player
            public var selected: Player? = nil
            let id: Int
            private var hidden: [Monster]
            public private(set) var log: [String: Monster]
            var a, b: Monster
            var inferred = Game.Player(name: "x")
            var call = makePlayer()
            var chained = Player().named("x")
            var observed: Player { didSet { print(oldValue) } }
            var computed: Player { player }
            var getter: Player { get { player } set { player = newValue } }
            static var shared = Player()
            lazy var later: Player = Player()
            @Wrapped var wrapped: Player
            struct Nested { var ignored: Player }
            func helper() { var local: Player = player }
            #if DEBUG
            var debug: Player
            #endif
        }
        """)
        let properties = file.reactorStates.first?.properties ?? []
        XCTAssertEqual(properties.map(\.name), ["player", "selected", "id", "hidden", "log", "a", "b", "inferred", "call",
                                                "chained", "observed", "later", "wrapped", "debug"])
        XCTAssertEqual(properties.map(\.typeText), ["Player", "Player?", "Int", "[Monster]", "[String: Monster]", "Monster",
                                                    "Monster", "Game.Player", "", "", "Player", "Player", "Player", "Player"])
        XCTAssertEqual(properties.filter(\.isLet).map(\.name), ["id"])
        XCTAssertEqual(properties.map(\.declaredAccess), [nil, .public, nil, .private, .public, nil, nil, nil, nil, nil, nil,
                                                          nil, nil, nil])
        XCTAssertEqual(properties.compactMap(\.setterAccess), [.private])
        XCTAssertEqual(properties.last?.ifConfig.map(\.condition), ["DEBUG"])
        XCTAssertEqual(properties.first?.location.line, 2)
    }

    func testAnnotationsAndReactFunctionsOfAState() {
        let file = Reader.parse("""
        // rexgen: skip
        struct Skipped: State {}
        struct Game: State {
            // rexgen: skip
            var ignored: Player
            var kept: Player // rexgen: skip (about this line, not the next)
            var next: Player
            mutating func react(to event: Event) {}
            static func reactSubstates() {}
        }
        struct Other: State {
            func reactSubstates(to event: Event) {}
        }
        """)
        XCTAssertEqual(file.reactorStates.map { $0.hasAnnotation("skip") }, [true, false, false])
        XCTAssertEqual(file.reactorStates[1].properties.map { $0.hasAnnotation("skip") }, [true, false, false])
        XCTAssertEqual(file.reactorStates.map(\.declaresReact), [false, true, false])
        XCTAssertEqual(file.reactorStates.map(\.declaresReactSubstates), [false, false, true])
    }

    func testAStateEnumKeepsItsCases() {
        let file = Reader.parse("""
        enum Screen: State {
            case title
            case playing(Player, level: Int)
            #if DEBUG
            case debugging(Player)
            #endif
            mutating func react(to event: Event) {}
        }
        """)
        let state = file.reactorStates.first
        XCTAssertEqual(state?.cases, file.enumNamed("Screen")?.cases)
        XCTAssertEqual(state?.cases.map(\.name), ["title", "playing", "debugging"])
        XCTAssertEqual(state?.declaresReact, true)
        XCTAssertTrue(state?.properties.isEmpty ?? false)
    }

    /// Other structs' bodies are read as before: no member of theirs is recorded.
    func testStructsThatAreNoStatesRecordNothingNew() {
        let file = Reader.parse("""
        struct Plain: Equatable { var player: Player; func react(to event: Event) {} }
        struct Generic<State> { var state: State }
        """)
        XCTAssertTrue(file.reactorStates.isEmpty)
        XCTAssertTrue(file.members.isEmpty)
    }
}
