import XCTest
@testable import RexGenCore

/// Keyword matching compares packed integers and prefilters words in function bodies; both must agree with
/// the plain definition: a keyword is exactly its spelling.
final class KeywordTests: XCTestCase {
    func testEveryKeywordMatchesItselfAndNothingElse() {
        for keyword in Keyword.allCases {
            // At the end of a buffer (byte-wise packing) and with 16 readable bytes after it (word loads).
            for suffix in ["", " = 1 // and more text after it"] {
                for text in [keyword.rawValue, keyword.rawValue + "s", "x" + keyword.rawValue, String(keyword.rawValue.dropLast())] {
                    let bytes = Array((text + suffix).utf8)
                    let match = bytes.withUnsafeBufferPointer { Keyword.match($0, 0, text.utf8.count) }
                    XCTAssertEqual(match, text == keyword.rawValue ? keyword : Keyword(rawValue: text), text)
                }
            }
        }
        let long = Array("precedencegroupX precedencegroups".utf8)
        long.withUnsafeBufferPointer { XCTAssertNil(Keyword.match($0, 0, 16)) }
    }

    func testEveryLocalTypeKeywordPassesThePrefilter() {
        for keyword in Keyword.allCases where keyword.isTypeDeclaration || keyword == .indirect {
            let bytes = Array(keyword.rawValue.utf8)
            let token = Token(kind: .identifier, start: 0, end: bytes.count, triviaStart: 0, isAtLineStart: true)
            bytes.withUnsafeBufferPointer { XCTAssertTrue(Keyword.mayOpenLocalType($0, token), keyword.rawValue) }
        }
    }
}
