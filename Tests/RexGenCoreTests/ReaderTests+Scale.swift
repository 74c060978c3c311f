import XCTest
@testable import RexGenCore

/// Truncated files and inputs at sizes and depths no real file reaches: the reader must answer, in time
/// linear in the input, without exhausting the stack.
extension ReaderTests {
    /// Every construct the reader tracks, so each prefix cuts through some of them half-way.
    static let truncationSample = #####"""
    // rexgen: prism
    import Foundation
    #if canImport(UIKit)
    @testable import UIKit
    #endif

    /* header /* nested */ comment */
    @available(iOS 13, *)
    public enum AppAction: Equatable {
        case started
        case movie(MovieAction)
        case sayHello(name: String, greeting: String = "Hi, \(user("x"))")
        indirect case wrapped(AppAction)
        #if DEBUG
        case debug(callback: @Sendable (Int) async throws -> Void)
        #elseif os(macOS)
        case mac([String: Int], Result<Int, Error>)
        #else
        case other
        #endif
        case `default`, café
    }

    struct Feature {
        enum Action: String {
            case a = "{ enum X", b = #"} case"#
            case c = """
                }} enum Y {
                """
        }
        var value: Int {
            let r = /"{/
            let s = #/ } " /#
            enum LocalAction { case hidden }
            return 0
        }
    }

    public extension Feature {
        enum Event<T: Sendable>: Sendable where T: Equatable {
            case changed(T, old: T? = nil)
            case tuple((a: Int, b: String))
        }
        static let shared = Feature()
    }

    extension AppAction {
        var isStarted: Bool { if case .started = self { return true }; return false }
        func describe() -> String { "\(self) \("}")" }
    }

    enum MovieAction { case play, pause(at: Double) }
    enum Trailing { case end }
    """#####

    func testSampleReadsCleanly() {
        let file = Reader.parse(Self.truncationSample)
        XCTAssertEqual(file.enumNames, ["AppAction", "Feature.Action", "LocalAction", "Feature.Event", "MovieAction",
                                        "Trailing"])
        XCTAssertEqual(file.cases(of: "AppAction").count, 9)
        XCTAssertEqual(file.errors, [])
    }

    func testEveryPrefixOfTheSampleTerminatesWithLocatedDiagnostics() {
        let bytes = Array(Self.truncationSample.utf8)
        let appActionEnd = bytes.indices.first { index in
            bytes[index...].starts(with: Array("\n}\n\nstruct".utf8))
        }! + 2
        for length in 0...bytes.count {
            let prefix = Array(bytes[..<length])
            let file = Reader.parse(bytes: prefix)
            let lineCount = prefix.count { $0 == .newline } + 1
            for diagnostic in file.diagnostics {
                XCTAssertEqual(diagnostic.severity, .error)
                XCTAssertLessThanOrEqual(diagnostic.location?.line ?? .max, lineCount, "prefix \(length)")
            }
            if length >= appActionEnd {
                XCTAssertEqual(file.enums.first?.name, "AppAction", "prefix \(length)")
                XCTAssertEqual(file.enums.first?.cases.count, 9, "prefix \(length)")
            }
        }
    }

    func testOneMegabyteLines() {
        let enums = (0..<40_000).map { "enum E\($0)Action { case a(Int), b }; " }.joined()
        XCTAssertGreaterThan(enums.utf8.count, 1_000_000)
        let file = Reader.parse(enums)
        XCTAssertEqual(file.enums.count, 40_000)
        XCTAssertEqual(file.enums.last?.name, "E39999Action")
        XCTAssertEqual(file.enums.last?.location.line, 1)

        let literal = "let s = \"" + String(repeating: "{ enum X ", count: 120_000) + "\"\nenum AAction { case a }"
        XCTAssertEqual(Reader.parse(literal).enumNames, ["AAction"])
        let comment = "// " + String(repeating: "{ enum X ", count: 120_000) + "\nenum AAction { case a }"
        XCTAssertEqual(Reader.parse(comment).enumNames, ["AAction"])
        let payload = "enum AAction { case a(" + String(repeating: "[Int: (String, Int)], ", count: 50_000) + "Int) }"
        XCTAssertEqual(Reader.parse(payload).enumNamed("AAction")?.cases.first?.associatedValues?.count, 50_001)
    }

    func testTenThousandNestedTypesDoNotOverflowTheStack() {
        let depth = 10_000
        let source = String(repeating: "struct A {\n", count: depth) + "enum DeepAction { case x }\n"
            + String(repeating: "}\n", count: depth) + "enum AfterAction { case y }\n"
        let file = Reader.parse(source)
        XCTAssertEqual(file.enums.last?.qualifiedName, "AfterAction")
        XCTAssertEqual(file.enums.last?.cases.map(\.name), ["y"])
        XCTAssertEqual(file.errors, ["\(ReaderLimits.maximumDeclarationNesting + 1):1 error: "
                                     + "declarations nested more than \(ReaderLimits.maximumDeclarationNesting) levels "
                                     + "deep are not read"])
    }

    func testDeeplyNestedBracesAndLiterals() {
        let depth = 100_000
        let braces = "func f() " + String(repeating: "{ ", count: depth) + "enum LocalAction { case x }"
            + String(repeating: " }", count: depth) + "\nenum AAction { case a }"
        let file = Reader.parse(braces)
        XCTAssertEqual(file.enumNames, ["LocalAction", "AAction"])
        XCTAssertEqual(file.errors, [])

        let interpolations = "let s = " + String(repeating: "\"\\(", count: depth) + "1"
            + String(repeating: ")\"", count: depth) + "\nenum BAction { case b }"
        XCTAssertEqual(Reader.parse(interpolations).enumNames, ["BAction"])
        let comments = String(repeating: "/*", count: depth) + String(repeating: "*/", count: depth) + " enum C {}"
        XCTAssertEqual(Reader.parse(comments).enumNames, ["C"])
        let parens = "enum DAction { case d(" + String(repeating: "(", count: depth) + "Int"
            + String(repeating: ")", count: depth) + ") }"
        XCTAssertEqual(Reader.parse(parens).enumNamed("DAction")?.cases.count, 1)
    }

    func testHundredThousandEnumsInOneFile() {
        let count = 100_000
        var source = "import Foundation\n"
        source.reserveCapacity(count * 40)
        for index in 0..<count { source += "public enum E\(index)Action { case a, b(Int) }\n" }
        let file = Reader.parse(source)
        XCTAssertEqual(file.enums.count, count)
        XCTAssertEqual(file.enums[count - 1].name, "E\(count - 1)Action")
        XCTAssertEqual(file.enums[count - 1].location.line, count + 1)
        XCTAssertEqual(file.enums.reduce(0) { $0 + $1.cases.count }, 2 * count)
        XCTAssertEqual(file.errors, [])
    }

    /// Thousands of files read on every core, each answer in its own slot: once the slots were a shared
    /// `Array` written from several threads, which crashed debug builds (this test's, and the build plugin's
    /// tool) after a few thousand files.
    func testThousandsOfFilesAreReadOnEveryCoreInPathOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rexgen-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let count = 6_000
        let paths = try (0..<count).map { index -> String in
            let path = directory.appendingPathComponent(String(format: "File%05d.swift", index)).path
            try Data("enum E\(index)Action { case a\(index) }\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        }
        // Several rounds: the race did not crash every time.
        for _ in 0..<6 {
            let output = SourceReadingStage.read(paths)
            XCTAssertEqual(output.files.map(\.path), paths)
            XCTAssertEqual(output.files.map { $0.enums.first?.name }, (0..<count).map { "E\($0)Action" })
        }
    }
}
