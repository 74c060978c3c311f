import Foundation
import XCTest

/// Documentation that drifts fails here: every diagnostic in the code has a troubleshooting entry, every
/// relative link resolves, every `rexgen` command shown with its output prints that output, and every Swift
/// example marked ```` ```swift compiles:<Context> ```` compiles against the context in Tests/Fixtures/Docs,
/// the code RexGen generates for it, and the SwiftRex (or Reactor) stand-ins.
final class DocumentationTests: XCTestCase {
    private static let root = TestSupport.testsDirectory.deletingLastPathComponent()
    private static let troubleshooting = root.appendingPathComponent("docs/Troubleshooting.md")

    /// README.md, CONTRIBUTING.md, CHANGELOG.md, Benchmarks/README.md and every page in docs/.
    private static func pages() throws -> [URL] {
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        return ["README.md", "CONTRIBUTING.md", "CHANGELOG.md", "Benchmarks/README.md"].map(root.appendingPathComponent)
            + pages.map(docs.appendingPathComponent)
    }

    // MARK: - Diagnostics

    func testEveryDiagnosticHasATroubleshootingEntry() throws {
        let page = try String(contentsOf: Self.troubleshooting, encoding: .utf8)
        let messages = try DiagnosticMessages.inSources(Self.root.appendingPathComponent("Sources"))
        XCTAssertGreaterThan(messages.count, 50, "the scan found too few messages to be right")
        let lines = page.split(separator: "\n")
        for message in messages where !lines.contains(where: { Self.line($0, matches: message.pattern) }) {
            XCTFail("\(message.location): no entry in docs/Troubleshooting.md for `\(message.pattern)`")
        }
    }

    /// The pattern's constant parts, in order, on one line: `…` stands for whatever the message fills in,
    /// so an entry may name an example value (`enum '…' is private …`).
    static func line(_ line: Substring, matches pattern: String) -> Bool {
        var rest = line[...]
        for part in pattern.components(separatedBy: "…") where !part.isEmpty {
            guard let found = rest.range(of: part) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// The scan itself: interpolations become `…`, concatenated literals after the first are not needed,
    /// console output that is not a diagnostic is left out.
    func testDiagnosticScanReadsMessagesAsTheyArePrinted() throws {
        let directory = try temporaryDirectory()
        try TestSupport.write(["A.swift": #"""
            diagnostics.append(.warning("property '\(name)' is not generated for case " + "x", at: location))
            error("unbalanced braces: '}' has no matching '{'", at: token.start)
            Console.error("rexgen: stopped watching")
            return .note("root '\(root.declaration.qualifiedName(in: "x"))' is generic", at: location)
            """#], under: directory)
        XCTAssertEqual(try DiagnosticMessages.inSources(directory).map(\.pattern),
                       ["property '…' is not generated for case", "unbalanced braces: '}' has no matching '{'",
                        "root '…' is generic"])
    }

    // MARK: - Links

    func testRelativeLinksResolve() throws {
        for page in try Self.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(parts[0])
                guard FileManager.default.fileExists(atPath: target.path) else {
                    XCTFail("\(page.lastPathComponent): link to \(link) leads nowhere")
                    continue
                }
                if parts.count == 2, target.pathExtension == "md" {
                    let headings = try String(contentsOf: target, encoding: .utf8).split(separator: "\n")
                        .filter { $0.hasPrefix("#") }.map { Self.anchor(for: String($0.drop { $0 == "#" })) }
                    XCTAssertTrue(headings.contains(parts[1]), "\(page.lastPathComponent): no heading for \(link)")
                }
            }
        }
    }

    /// `[text](target)` outside code spans and fences.
    private static func links(in text: String) -> [String] {
        var links: [String] = []
        var inFence = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            guard !inFence else { continue }
            let unquoted = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(unquoted)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                links.append(String(after[..<close]))
                rest = after[after.index(after: close)...]
            }
        }
        return links
    }

    /// GitHub's heading anchors: lowercased, punctuation dropped, spaces as hyphens.
    private static func anchor(for heading: String) -> String {
        let text = heading.trimmingCharacters(in: .whitespaces).lowercased()
        return String(text.unicodeScalars.compactMap { scalar -> Character? in
            if scalar == " " { return "-" }
            if scalar == "-" || scalar == "_" || CharacterSet.alphanumerics.contains(scalar) { return Character(scalar) }
            return nil
        })
    }

    // MARK: - Sizes

    /// "about 15,000 lines": what a clean build compiles for the plugin's tool, within 10% of the code today.
    func testStatedSizeOfTheToolIsTodays() throws {
        var lines = 0
        for target in ["RexGenCore", "RexGenBuildTool"] {
            let folder = Self.root.appendingPathComponent("Sources/\(target)")
            let enumerator = try XCTUnwrap(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                lines += text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
            }
        }
        let claim = try NSRegularExpression(pattern: #"about ([0-9]+),000 lines"#)
        for page in ["README.md", "docs/Plugins.md"] {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let matches = claim.matches(in: text, range: NSRange(text.startIndex..., in: text))
            XCTAssertFalse(matches.isEmpty, "\(page) no longer states the tool's size; update this test")
            for match in matches {
                let thousands = try XCTUnwrap(Range(match.range(at: 1), in: text).flatMap { Int(text[$0]) })
                XCTAssertLessThanOrEqual(abs(thousands * 1000 - lines), lines / 10,
                                         "\(page) says about \(thousands),000 lines; the tool is \(lines) lines today")
            }
        }
    }

    // MARK: - Commands shown with their output

    /// ```` ```console ```` blocks: `$ rexgen …` lines run from the repository root, each followed by what it
    /// prints.
    func testConsoleExamplesPrintWhatTheyShow() throws {
        var shown = 0
        for page in try Self.pages() {
            for block in Self.fencedBlocks(in: try String(contentsOf: page, encoding: .utf8), info: "console") {
                var lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                while let command = lines.first, command.hasPrefix("$ rexgen ") {
                    lines.removeFirst()
                    let output = Array(lines.prefix { !$0.hasPrefix("$ ") })
                    lines.removeFirst(output.count)
                    let arguments = command.dropFirst("$ rexgen ".count).split(separator: " ").map(String.init)
                    let result = try TestSupport.rexgen(arguments, in: Self.root)
                    XCTAssertEqual(result.stdout, output.joined(separator: "\n") + "\n", "\(page.lastPathComponent): \(command)")
                    shown += 1
                }
            }
        }
        XCTAssertGreaterThan(shown, 1, "no console example was checked")
    }

    /// A ```` ```mermaid ```` block is the example app's tree as `rexgen dump --format mermaid` prints it.
    func testMermaidPicturesAreTheExampleAppsTree() throws {
        let result = try TestSupport.rexgen(["dump", "--format", "mermaid", "Examples/MovieApp/Sources"], in: Self.root)
        var pictures = 0
        for page in try Self.pages() {
            for block in Self.fencedBlocks(in: try String(contentsOf: page, encoding: .utf8), info: "mermaid") {
                XCTAssertEqual(block + "\n", result.stdout, page.lastPathComponent)
                pictures += 1
            }
        }
        XCTAssertGreaterThan(pictures, 0, "the README shows the tree")
    }

    // MARK: - Swift examples

    func testSwiftExamplesMarkedCompilingCompile() throws {
        var blocksByContext: [String: [(page: String, code: String)]] = [:]
        for page in try Self.pages() {
            let text = try String(contentsOf: page, encoding: .utf8)
            for (info, code) in Self.fencedBlocksWithInfo(in: text) where info.hasPrefix("swift compiles:") {
                blocksByContext[String(info.dropFirst("swift compiles:".count)), default: []].append((page.lastPathComponent, code))
            }
        }
        XCTAssertEqual(Set(blocksByContext.keys), ["Movie", "Game", "Reactor"], "the contexts in Tests/Fixtures/Docs")
        let standIns = TestSupport.testsDirectory.appendingPathComponent("Fixtures/SwiftRex")
        for (context, blocks) in blocksByContext.sorted(by: { $0.key < $1.key }) {
            let work = try temporaryDirectory()
            var sources = try LiftTestSupport.swiftFiles(in: TestSupport.testsDirectory.appendingPathComponent("Fixtures/Docs/\(context)"))
            if context == "Game" { sources += try LiftTestSupport.swiftFiles(in: LiftTestSupport.fixtures.appendingPathComponent("Game")) }
            let generated = work.appendingPathComponent("Generated")
            let lift = context == "Reactor" ? ["--lift", "reactor"] : []
            let run = try TestSupport.rexgen(sources.map(\.path) + lift + ["--output", generated.path, "--quiet"], in: work)
            try LiftTestSupport.require(run, "rexgen for the \(context) context")
            if context == "Reactor" {
                try LiftTestSupport.buildInterfaceOnly("Reactor", sources: [LiftReactorTests.standIn], mode: .swift5, into: work)
            } else {
                try LiftTestSupport.buildInterfaceOnly("SwiftRex", sources: [standIns.appendingPathComponent("SwiftRex.swift")],
                                                       mode: .swift5, into: work)
                try LiftTestSupport.buildInterfaceOnly("CombineRex", sources: [standIns.appendingPathComponent("EffectMiddleware.swift")],
                                                       mode: .swift5, into: work)
            }
            let examples = work.appendingPathComponent("Examples.swift")
            let header = ["Game": "import CombineRex\n", "Reactor": "import Reactor\n"][context] ?? "import SwiftRex\n"
            try Data((header + blocks.enumerated().map { index, block in
                "// \(block.page)\nfunc example\(index)() {\n\(block.code)\n}\n"
            }.joined(separator: "\n")).utf8).write(to: examples)
            let swiftc = try TestSupport.requireSwiftc()
            let typecheck = try TestSupport.run(swiftc, ["-typecheck", "-swift-version", "5", "-I", work.path]
                + sources.map(\.path) + LiftTestSupport.swiftFiles(in: generated).map(\.path) + [examples.path])
            let shown = try String(contentsOf: examples, encoding: .utf8)
            XCTAssertEqual(typecheck.exitCode, 0, "\(context) examples do not compile:\n\(LiftTestSupport.excerpt(typecheck, lines: 20))\n"
                + shown)
        }
    }

    private static func fencedBlocks(in text: String, info: String) -> [String] {
        fencedBlocksWithInfo(in: text).filter { $0.info == info }.map(\.code)
    }

    /// Each fenced block's info string and its lines, indentation of the fence removed.
    private static func fencedBlocksWithInfo(in text: String) -> [(info: String, code: String)] {
        var blocks: [(String, String)] = []
        var current: (info: String, indent: Int, lines: [String])?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                if let block = current {
                    blocks.append((block.info, block.lines.joined(separator: "\n")))
                    current = nil
                } else {
                    current = (String(trimmed.dropFirst(3)), line.prefix { $0 == " " }.count, [])
                }
            } else if current != nil {
                current!.lines.append(String(line.dropFirst(min(current!.indent, line.prefix { $0 == " " }.count))))
            }
        }
        return blocks
    }
}

/// The messages RexGen's code can print as diagnostics, read from its sources: the first string literal given
/// to `.error(`, `.warning(`, `.note(` (or the reader's `error(`), with each interpolation written as `…`.
enum DiagnosticMessages {
    struct Message {
        var pattern: String
        var location: String
    }

    static func inSources(_ directory: URL) throws -> [Message] {
        var messages: [Message] = []
        let paths = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }.sorted() ?? []
        for path in paths {
            let text = Array(try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8))
            var index = 0
            while index < text.count {
                guard let (start, literal) = call(in: text, at: index) else { index += 1; continue }
                let line = text[..<start].filter { $0 == "\n" }.count + 1
                let (pattern, end) = self.literal(in: text, from: literal)
                messages.append(Message(pattern: pattern.trimmingCharacters(in: .whitespaces), location: "\(path):\(line)"))
                index = end
            }
        }
        // Lexer issues are described in one switch.
        for path in paths where path.hasSuffix("Lexer/Token.swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("case .") && line.contains(": \"") {
                if let open = line.range(of: ": \""), let close = line[open.upperBound...].firstIndex(of: "\"") {
                    messages.append(Message(pattern: String(line[open.upperBound..<close]), location: path))
                }
            }
        }
        return messages
    }

    /// At `index`: `.error("`, `.warning("`, `.note("` or a bare `error("`, not `Console.error(`. Returns where
    /// the call starts and where its literal's text begins.
    private static func call(in text: [Character], at index: Int) -> (Int, Int)? {
        for name in ["error", "warning", "note"] {
            let word = Array(name + "(\"")
            guard index + word.count <= text.count, Array(text[index..<(index + word.count)]) == word else { continue }
            let before = index > 0 ? text[index - 1] : " "
            let isMember = before == "."
            if isMember {
                let owner = String(text[max(0, index - 8)..<(index - 1)])
                if owner.hasSuffix("Console") { return nil }
            } else if before.isLetter || before.isNumber || before == "_" || name != "error" {
                return nil
            }
            // `func error(` declares, it does not report.
            let lineStart = text[..<index].lastIndex(of: "\n").map { $0 + 1 } ?? 0
            if String(text[lineStart..<index]).contains("func ") { return nil }
            return (index, index + word.count)
        }
        return nil
    }

    /// The literal's text from `start` to its closing quote, interpolations as `…`.
    private static func literal(in text: [Character], from start: Int) -> (String, Int) {
        var pattern = ""
        var index = start
        while index < text.count {
            let character = text[index]
            if character == "\\", index + 1 < text.count, text[index + 1] == "(" {
                pattern += "…"
                var depth = 1
                index += 2
                while index < text.count, depth > 0 {
                    switch text[index] {
                    case "(": depth += 1
                    case ")": depth -= 1
                    case "\"": index = (text[(index + 1)...].firstIndex(of: "\"") ?? text.count - 1)
                    default: break
                    }
                    index += 1
                }
                continue
            }
            if character == "\\", index + 1 < text.count {
                pattern.append(text[index + 1])
                index += 2
                continue
            }
            if character == "\"" { return (pattern, index + 1) }
            pattern.append(character)
            index += 1
        }
        return (pattern, index)
    }
}
