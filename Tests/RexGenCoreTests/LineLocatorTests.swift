import XCTest
@testable import RexGenCore

/// `LineLocator` counts lines on demand; it must answer exactly as the `LineTable` it replaces.
final class LineLocatorTests: XCTestCase {
    private func assertAgreesWithLineTable(_ text: [UInt8], offsets: [Int], file: StaticString = #filePath,
                                           line: UInt = #line) {
        text.withUnsafeBufferPointer { bytes in
            let table = LineTable(bytes)
            var locator = LineLocator(bytes)
            for offset in offsets {
                let expected = table.lineAndColumn(of: offset)
                let actual = locator.lineAndColumn(of: offset)
                XCTAssertTrue(expected == actual, "offset \(offset): \(actual), expected \(expected)",
                              file: file, line: line)
            }
        }
    }

    func testEveryOffsetInOrderWithEveryLineEnding() {
        let text = Array("a\nbc\r\nd\re\n\n\r\r\n\u{00E9}t\r".utf8)
        assertAgreesWithLineTable(text, offsets: Array(0...text.count))
    }

    func testLongLinesAreCountedAWordAtATime() {
        // Line breaks on both sides of every 8-byte boundary, and `\r\n` split across two words.
        var text: [UInt8] = []
        for length in 0..<40 {
            text += Array(repeating: UInt8(ascii: "x"), count: length)
            text += length % 3 == 0 ? [.carriageReturn, .newline] : length % 3 == 1 ? [.newline] : [.carriageReturn]
        }
        assertAgreesWithLineTable(text, offsets: Array(stride(from: 0, through: text.count, by: 7)) + [text.count])
        assertAgreesWithLineTable(text, offsets: [text.count / 2, text.count])
    }

    func testLongStretchesBetweenQuestions() {
        // More than 255 blocks of sixteen bytes between two questions, with and without a `\r` in the file.
        let lines = (0..<3000).map { String(repeating: "x", count: $0 % 23) }
        for separator in ["\n", "\r\n"] {
            let text = Array(lines.joined(separator: separator).utf8)
            assertAgreesWithLineTable(text, offsets: [5, text.count / 3, text.count - 1, text.count])
        }
    }

    func testOffsetsBeforeAnEarlierAnswerStillAgree() {
        let text = Array(String(repeating: "let x = 1\n", count: 50).utf8)
        assertAgreesWithLineTable(text, offsets: [300, 12, 499, 0, 250, 251, 500])
    }

    func testRandomTextAndOffsets() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [.newline, .carriageReturn, .space, UInt8(ascii: "a"), 0xC3, 0xA9]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 0..<200, using: &generator)).map { _ in alphabet.randomElement()! }
            var offsets = (0..<10).map { _ in Int.random(in: 0...text.count, using: &generator) }
            if Bool.random() { offsets.sort() }
            assertAgreesWithLineTable(text, offsets: offsets)
        }
    }
}
