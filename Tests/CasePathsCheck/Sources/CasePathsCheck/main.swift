// Uses the generated conformances the way a swift-case-paths 1.x user would: `[case:]`, `is`, `AnyCasePath(\.x)`,
// nested case key paths and iteration over `allCasePaths`. Prints a FAIL line per broken expectation and a
// last line counting checks and failures; exits 1 on any failure.
import CasePathsCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

nonisolated(unsafe) var checks = 0
nonisolated(unsafe) var failures = 0

func expect(_ condition: Bool, _ what: String, line: Int = #line) {
    checks += 1
    if !condition {
        failures += 1
        print("FAIL line \(line): \(what)")
    }
}

let movie = AppAction.movie(.list(.load(page: 2)))
expect(movie.is(\.movie), "is(\\.movie)")
expect(!movie.is(\.started), "not is(\\.started)")
expect(movie[case: \.movie] == .list(.load(page: 2)), "[case: \\.movie]")
expect(movie[case: \.movie.list] == .load(page: 2), "nested case key path through MovieAction")
expect(movie[case: \AppAction.Cases.movie.list.load] == 2, "three levels: \\AppAction.Cases.movie.list.load")
expect(AppAction.started[case: \.started] != nil, "a case without payload extracts Void")

let path = AnyCasePath(\AppAction.Cases.movie)
expect(path.extract(from: movie) == .list(.load(page: 2)), "AnyCasePath(\\.movie).extract")
expect(path.embed(.favorite(id: 1)) == .movie(.favorite(id: 1)), "AnyCasePath(\\.movie).embed")

let renamed = AppAction.rename(name: "a", greeting: "b")
expect(renamed[case: \.rename].map { $0.name == "a" && $0.greeting == "b" } == true, "labelled payloads extract as a tuple")
expect(AnyCasePath(\AppAction.Cases.rename).embed((name: "c", greeting: "d")) == .rename(name: "c", greeting: "d"),
       "labelled payloads embed from a tuple")
expect(AppAction.defaulted(count: 3)[case: \.defaulted] == 3, "a payload with a default")
expect(AppAction.`default`[case: \.default] != nil, "a keyword case name")

let wrapped = Wrapper<Int>.value(7)
expect(wrapped[case: \.value] == 7, "a generic enum's case path")
expect(Wrapper<Int>.pair(1, "x")[case: \.pair].map { $0.0 == 1 && $0.1 == "x" } == true, "a generic enum's tuple payload")

var names: [String] = []
for casePath in AppAction.allCasePaths {
    if movie.is(casePath) { names.append("movie") }
    if AppAction.started.is(casePath) { names.append("started") }
}
expect(names == ["started", "movie"], "allCasePaths iterates every case in order: \(names)")
expect(AppAction.allCasePaths.map { _ in 1 }.count == 5, "allCasePaths: five cases, the deprecated one left out")
expect(AppAction.allCasePaths[movie] == \AppAction.Cases.movie, "allCasePaths[root] is the root's case")
expect(Array(ListAction.allCasePaths).count == 2, "a nested enum's allCasePaths")

expect(Node.children([.leaf(1)])[case: \.children] == [.leaf(1)], "a payload of [Self]")
expect(Node.named(["a": .leaf(2)])[case: \.named]?["a"] == .leaf(2), "a payload of [String: Self]")
expect(Token.word("w")[case: \.word] == "w" && Array(Token.allCasePaths).count == 2, "a @usableFromInline enum")
expect(BetaAction.off(3)[case: \.off] == 3, "an @_spi enum")
expect(FlagAction.raised.is(\.raised), "a package enum")
expect(Box<Int>.Step.value(4)[case: \.value] == 4, "an enum inside a generic type: its parameter's payload")
expect(Box<Int>.Step.item(.init(id: 5))[case: \.item] == Box<Int>.Item(id: 5), "an enum inside a generic type: its member's payload")
expect(Array(Box<String>.Step.allCasePaths).count == 3 && Box<Int>.Step.done.is(\.done), "an enum inside a generic type: allCasePaths")

expect(KeywordNamedAction.`self`(6)[case: \.`self`] == 6 && KeywordNamedAction.`init`(7)[case: \.`init`] == 7,
       "cases named self and init")
expect(KeywordNamedAction.allCasePaths[.subscript] == \KeywordNamedAction.Cases.subscript, "a case named subscript")
#if DEBUG
expect(ExclusiveAction.load(id: 8)[case: \.load] == 8, "one base name in exclusive #if branches")
#endif
expect(Array(ImpossibleAction.allCasePaths).count == 1 && ImpossibleAction.other.is(\.other), "a case of Never has no case path")
expect(ScreenAction.tap(2).tap == 2 && ScreenAction.close.isClose, "an enum marked @MainActor keeps its properties")
expect(OverloadedAction.done.isDone && IteratorNamedAction.makeIterator.isMakeIterator
        && CasesNamedAction.Cases(9).Cases == 9 && ProtocolNamedAction.other.isOther,
       "enums without case paths keep their properties")
expect(`Sign In Action`.`did tap`(`button id`: 1)[case: \.`did tap`] == 1 && `Sign In Action`.`2fa`(code: "c").`2fa` == "c"
        && `Sign In Action`.`a, b`.`isA, b`, "raw identifiers")
expect(`My Feature`.Action.`go (back)`(.`a, b`)[case: \.`go (back)`.`a, b`] != nil
        && Array(`My Feature`.Action.allCasePaths).count == 2, "a case key path through raw identifiers")

print("case paths driver: \(checks) checks, \(failures) failures")
exit(failures == 0 ? 0 : 1)
