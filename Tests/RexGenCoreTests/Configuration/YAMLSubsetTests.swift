import RexGenCore
import XCTest
import Yams

/// RexGen's reader of rexgen.yml against Yams (the test-only oracle): the same tree for everything the
/// subset accepts, and a located error for everything it leaves out.
final class YAMLSubsetTests: XCTestCase {
    /// A tree both readers can be compared on, with each node's line.
    private indirect enum Tree: Equatable, CustomStringConvertible {
        case scalar(String, line: Int)
        case sequence([Tree], line: Int)
        case mapping([String], [Tree], line: Int)

        var description: String {
            switch self {
            case .scalar(let text, let line): "\(text.debugDescription)@\(line)"
            case .sequence(let items, let line): "[\(items.map(\.description).joined(separator: ", "))]@\(line)"
            case .mapping(let keys, let values, let line):
                "{\(zip(keys, values).map { "\($0): \($1)" }.joined(separator: ", "))}@\(line)"
            }
        }
    }

    private func tree(_ node: YAMLNode) -> Tree {
        switch node {
        case .scalar(let text, let mark): .scalar(text, line: mark.line)
        case .sequence(let items, let mark): .sequence(items.map(tree), line: mark.line)
        case .mapping(let entries, let mark): .mapping(entries.map(\.key), entries.map { tree($0.value) }, line: mark.line)
        }
    }

    private func tree(_ node: Yams.Node) -> Tree {
        let line = node.mark?.line ?? 0
        switch node {
        case .scalar(let scalar): return .scalar(scalar.string, line: line)
        case .sequence(let sequence): return .sequence(sequence.map(tree), line: line)
        case .mapping(let mapping): return .mapping(mapping.map { $0.key.string ?? "?" }, mapping.map { tree($0.value) }, line: line)
        }
    }

    private func assertSameAsYams(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let expected = (try? Yams.compose(yaml: text)).flatMap { $0 }.map(tree)
        do {
            let actual = try YAMLSubset.parse(text).map(tree)
            XCTAssertEqual(actual, expected, "\n\(text)", file: file, line: line)
        } catch {
            XCTFail("\(error.problem) at \(error.mark.line):\(error.mark.column) in\n\(text)", file: file, line: line)
        }
    }

    func testConfigurationShapesReadAsYamsReadsThem() {
        let documents = [
            "",
            "# only a comment\n\n",
            "---\nsources: Sources\n",
            "sources:\n  - Sources/App\n  - Sources/Feature # the feature\noutput: Generated\n",
            "sources:\n- A\n- B\nlift: none\n",
            "sources: [A, B, 'C D', \"E,F\"]\nallEnums: true\n",
            "sources: [\n  A,\n  B\n]\nroots: [AppAction]\n",
            "sources: []\nsuffixes: [Action, Event, Msg]\n",
            "args:\n  imports: [Foundation, SwiftRex]\n  name: \"My App\"\n  list:\n    - a\n    - b\n",
            "args:\n    deep:\n      - x\n    other: y\n",
            "\"sources\": 'it''s here'\n'output': \"tab\\there\"\n",
            "templates:\n  - EnumProperties\n  - Templates/Custom.stencil\nargs:\n",
            "defines: [DEBUG, \"LEVEL=2\"]\nincludePaths:\n  - include\ncHeaders: Bridging.h\n",
            "output: http://example.com/a#b\nname: a:b\n",
            "list:\n  - - nested\n    - twice\n  - key: value\n    other: 2\n",
            "sources:\r\n  - A\r\n  - B\r\n",
            "key: value   \n   \nother:    spaced value  # c\n",
            "args: {imports: [Foundation]}\n",
            "say: \"a \\\" # not a comment\" # a comment\nnext: 'it''s # not either'\n",
            "list: [\"a\\\"]\", 'b'']', c]\n",
            "args: {b c, d: [e, ], f: it's}\n",
            "args: {imports: [Foundation, 'Swift Rex'], name: App, empty: , last}\nlist: [a, [b, c], {d: e}]\n",
            "args: {\n  imports: [A,\n    B],\n  name: \"x\"\n}\n",
        ]
        for document in documents { assertSameAsYams(document) }
    }

    /// Seeded random configurations in every style the subset reads.
    func testGeneratedConfigurationsReadAsYamsReadsThem() {
        var random = SeededGenerator(seed: 0x5eed_ca11)
        let words = ["Sources", "App/Feature", "a b", "it's", "x.y", "Action", "true", "1.5", "C:/dir", "ü", "dash-ed", "#not"]
        func scalar() -> String {
            let word = words[random.next(words.count)]
            switch random.next(3) {
            case 0 where !word.contains("#") && !word.contains(":") && word != "true" && word != "1.5": return word
            case 1: return "'" + word.replacingOccurrences(of: "'", with: "''") + "'"
            default: return "\"" + word + "\""
            }
        }
        for _ in 0..<300 {
            var text = ""
            for key in ["sources", "suffixes", "output", "args"].shuffled(using: &random) where random.next(4) > 0 {
                switch random.next(4) {
                case 0: text += "\(key): \(scalar())\n"
                case 1: text += "\(key): [" + (0..<random.next(4)).map { _ in scalar() }.joined(separator: ", ") + "]\n"
                case 2:
                    let indent = String(repeating: " ", count: random.next(4))
                    text += "\(key):\n" + (0...random.next(3)).map { _ in "\(indent)- \(scalar())\n" }.joined()
                default:
                    text += "\(key):\n" + (0...random.next(3)).map { index in "  k\(index): \(scalar())\n" }.joined()
                }
            }
            assertSameAsYams(text)
        }
    }

    private func assertError(_ text: String, _ problem: String, line: Int, column: Int,
                             file: StaticString = #filePath, sourceLine: UInt = #line) {
        do {
            let node = try YAMLSubset.parse(text)
            XCTFail("expected an error, read \(String(describing: node))", file: file, line: sourceLine)
        } catch {
            XCTAssertTrue(error.problem.contains(problem), "\(error.problem)", file: file, line: sourceLine)
            XCTAssertEqual([error.mark.line, error.mark.column], [line, column], error.problem, file: file, line: sourceLine)
        }
    }

    func testWhatTheSubsetLeavesOutIsALocatedError() {
        assertError("base: &anchor x\n", "anchors", line: 1, column: 7)
        assertError("a: 1\nb: *anchor\n", "anchors", line: 2, column: 4)
        assertError("a: !tag x\n", "tags", line: 1, column: 4)
        assertError("a: |\n  text\n", "block scalars", line: 1, column: 4)
        assertError("a:\n\t- b\n", "tabs", line: 2, column: 1)
        assertError("a: [b, c\nd: e\n", "never closed", line: 1, column: 4)
        assertError("a: {b: 1, b: 2}\n", "duplicate key 'b'", line: 1, column: 11)
        assertError("a: {b: c]\n", "expected ',' or '}'", line: 1, column: 9)
        assertError("a: [b,, c]\n", "empty entry", line: 1, column: 7)
        assertError("a: 1\na: 2\n", "duplicate key 'a'", line: 2, column: 1)
        assertError("a: 1\n  b: 2\n", "indentation", line: 2, column: 3)
        assertError("a: 'open\n", "unterminated", line: 1, column: 4)
        assertError("a: \"x\" y\n", "after a quoted", line: 1, column: 4)
        assertError("a: 1\n---\nb: 2\n", "one document", line: 2, column: 1)
        assertError("a: [b] c\n", "after ']'", line: 1, column: 8)
        assertError("a:\n  - b\n  c: d\n", "unexpected", line: 3, column: 3)
        assertError("name: a: b\n", "quote it", line: 1, column: 7)
    }
}

extension SeededGenerator {
    mutating func next(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
