import XCTest
@testable import RexGenCore

/// The reader's word-at-a-time and bit-set shortcuts against the plain definitions they replace.
final class ByteSearchTests: XCTestCase {
    func testIdentifierByteClassesMatchTheirDefinitions() {
        for value in 0...255 {
            let byte = UInt8(value)
            let isLetter = (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            let head = isLetter || byte == UInt8(ascii: "_") || byte >= 0x80
            XCTAssertEqual(byte.isIdentifierHead, head, "byte \(value)")
            XCTAssertEqual(byte.isIdentifierContinuation, head || (0x30...0x39).contains(byte), "byte \(value)")
        }
    }

    func testLineEndFindsTheFirstLineBreakAtAnyDistance() {
        for distance in 0..<40 {
            for lineBreak in [UInt8.newline, .carriageReturn] {
                let text = Array(repeating: UInt8(ascii: "/"), count: distance) + [lineBreak] + Array("x\n".utf8)
                text.withUnsafeBufferPointer { XCTAssertEqual($0.lineEnd(from: 0), distance) }
            }
            let unterminated = Array(repeating: UInt8(ascii: "a"), count: distance)
            unterminated.withUnsafeBufferPointer { XCTAssertEqual($0.lineEnd(from: 0), distance) }
        }
    }

    func testContainsBytes() {
        func contains(_ text: String, _ needle: StaticString) -> Bool {
            Array(text.utf8).withUnsafeBufferPointer { $0.containsBytes(of: needle) }
        }
        XCTAssertTrue(contains("// rexgen: prism", "rexgen:"))
        XCTAssertTrue(contains("rexgen:", "rexgen:"))
        XCTAssertFalse(contains("// rexgen : prism", "rexgen:"))
        XCTAssertFalse(contains("rexgen", "rexgen:"))
        XCTAssertFalse(contains("", "rexgen:"))
        XCTAssertTrue(contains("rrexgen:", "rexgen:"))
    }
}
