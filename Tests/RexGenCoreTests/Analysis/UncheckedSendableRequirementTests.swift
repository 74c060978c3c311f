import XCTest
@testable import RexGenCore

/// Which payloads pass a generic parameter in scope to a type that may require it to be `Sendable`
/// (see `UncheckedSendableRequirement`).
final class UncheckedSendableRequirementTests: XCTestCase {
    private func found(_ typeText: String, _ parameters: Set<Substring> = ["Bytes", "T"]) -> String? {
        UncheckedSendableRequirement.first(in: typeText, parameters: parameters).map { "\($0.parameter) in \($0.genericTypes.joined(separator: ", "))" }
    }

    func testAParameterPassedToATypeOutsideTheStandardLibraryIsFound() {
        XCTAssertEqual(found("UnsafeTransfer<RPCAsyncSequence<RPCResponsePart<Bytes>, any Error>.AsyncIterator>"),
                       "Bytes in UnsafeTransfer, RPCAsyncSequence, RPCResponsePart")
        XCTAssertEqual(found("Box<T>"), "T in Box")
        XCTAssertEqual(found("[Int: Stream<T.Element, Never>]"), "T in Stream")
        XCTAssertEqual(found("Task<T, Never>"), "T in Task")
        XCTAssertEqual(found("Module.Box<[T]>"), "T in Module.Box")
        XCTAssertEqual(found("(Int, Box<`T`>)"), "`T` in Box")
        XCTAssertEqual(found("Array<Box<T>>"), "T in Box")
    }

    func testTheStandardLibrarysTypesSugarAndOtherNamesAreNot() {
        XCTAssertNil(found("Result<[T], any Error>"))
        XCTAssertNil(found("Swift.Optional<T>"))
        XCTAssertNil(found("CheckedContinuation<T?, Never>"))
        XCTAssertNil(found("[Bytes]?"))
        XCTAssertNil(found("(T) -> Box<Int>"))
        XCTAssertNil(found("Box<Int> -> T"))
        XCTAssertNil(found("Box<Other.T>"), "a member named like the parameter")
        XCTAssertNil(found("Box<Tee>"))
        XCTAssertNil(found("Box<T>", []))
        XCTAssertNil(found("any AsyncSequence<T, Never>"))
        XCTAssertNil(found("(Box<Int>) -> T"))
    }

    func testParametersDeclaredSendable() {
        XCTAssertEqual(UncheckedSendableRequirement.declaredSendable(
            ["Bytes: GRPCContiguousBytes & Sendable", "T", "U: Hashable", "V: Swift.Sendable"], whereClause: nil),
            ["Bytes", "V"])
        XCTAssertEqual(UncheckedSendableRequirement.declaredSendable(
            ["A", "B", "C"], whereClause: "A: Sendable, B == Box<C, Int>, C: P & Sendable"), ["A", "C"])
        XCTAssertEqual(UncheckedSendableRequirement.declaredSendable(["A: NonSendable"], whereClause: nil), [])
    }
}
