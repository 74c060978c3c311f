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

    func testIdentifierBytesOfAWordMatchTheByteClass() {
        for value in 0...255 {
            for lane in 0..<8 {
                // The byte in one lane, identifier characters or not in the others.
                for filler in [UInt8(ascii: "a"), UInt8(ascii: " ")] {
                    var word = ByteWord.repeated(filler)
                    word &= ~(UInt64(0xFF) << (8 * UInt64(lane)))
                    word |= UInt64(value) << (8 * UInt64(lane))
                    let isMember = ByteWord.identifierBytes(word) >> (8 * UInt64(lane) + 7) & 1 == 1
                    XCTAssertEqual(isMember, UInt8(value).isIdentifierContinuation, "byte \(value) in lane \(lane)")
                }
            }
        }
    }

    func testIdentifierAndSpaceRunsEndWhereTheByteLoopWould() {
        let text = Array("ab_9\u{E9}Z x1  +   yy        \tq                 ".utf8)
        text.withUnsafeBufferPointer { bytes in
            for start in 0...bytes.count {
                var identifierEnd = start, spacesEnd = start
                while identifierEnd < bytes.count, bytes[identifierEnd].isIdentifierContinuation { identifierEnd += 1 }
                while spacesEnd < bytes.count, bytes[spacesEnd] == .space { spacesEnd += 1 }
                XCTAssertEqual(bytes.identifierEnd(from: start), identifierEnd, "from \(start)")
                XCTAssertEqual(bytes.spacesEnd(from: start), spacesEnd, "from \(start)")
            }
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
        XCTAssertTrue(contains("rexgenrexgen:", "rexgen:"), "after a partial match")
        XCTAssertTrue(contains("aaab", "aab"))
        XCTAssertFalse(contains("aaba", "aab:"))
        XCTAssertTrue(contains("x", ""))
        // Within a slice only: the bytes just outside it do not count.
        Array("rexgen:|rexgen".utf8).withUnsafeBufferPointer { text in
            XCTAssertFalse(UnsafeBufferPointer(rebasing: text[1...]).containsBytes(of: "rexgen:"))
            XCTAssertFalse(UnsafeBufferPointer(rebasing: text[..<6]).containsBytes(of: "rexgen:"))
            XCTAssertTrue(UnsafeBufferPointer(rebasing: text[..<7]).containsBytes(of: "rexgen:"))
        }
    }

    func testTextValidatorFindsTheFirstProblemAtEveryOffset() {
        let plain = Array(repeating: UInt8(ascii: "a"), count: 100)
        plain.withUnsafeBufferPointer { XCTAssertNil(TextValidator.firstProblem(in: $0)) }
        for offset in 0..<plain.count {
            var withNul = plain
            withNul[offset] = 0
            withNul.withUnsafeBufferPointer { XCTAssertEqual(TextValidator.firstProblem(in: $0), .nulByte(offset: offset)) }
            var withBadByte = plain
            withBadByte[offset] = 0xFF
            withBadByte.withUnsafeBufferPointer {
                XCTAssertEqual(TextValidator.firstProblem(in: $0), .invalidUTF8(offset: offset))
            }
            guard offset + 1 < plain.count else { continue }
            var withAccent = plain
            withAccent[offset] = 0xC3
            withAccent[offset + 1] = 0xA9
            withAccent.withUnsafeBufferPointer { XCTAssertNil(TextValidator.firstProblem(in: $0)) }
        }
    }
}
