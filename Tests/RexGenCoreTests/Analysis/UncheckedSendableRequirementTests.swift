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
        XCTAssertEqual(found("(Int, Box<`T`>)"), "T in Box")
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

    func testTheSourcesDeclarationsDecideForTheTypesTheyDeclare() {
        let declared: [String: Bool] = ["Box": false, "Outer.Inner": true, "Outer": false, "Result": true]
        func found(_ typeText: String) -> String? {
            UncheckedSendableRequirement.first(in: typeText, parameters: ["T"], declaredRequirement: { declared[$0] })
                .map { $0.genericTypes.joined(separator: ", ") }
        }
        XCTAssertNil(found("Box<T>"))
        XCTAssertEqual(found("Outer<Int>.Inner<T>"), "Outer.Inner")
        XCTAssertNil(found("Outer<T>.Inner<Int>"))
        XCTAssertEqual(found("Box<Outer<Int>.Inner<[T]>>"), "Outer.Inner")
        XCTAssertEqual(found("Result<T, Never>"), "Result", "a type of the sources named like the standard library's")
        XCTAssertEqual(found("Unknown<Box<T>>"), "Unknown")
    }

    func testParametersDeclaredSendable() {
        XCTAssertEqual(GenericRequirements.sendableParameters(
            ["Bytes: GRPCContiguousBytes & Sendable", "T", "U: Hashable", "V: Swift.Sendable"], whereClause: nil),
            ["Bytes", "V"])
        XCTAssertEqual(GenericRequirements.sendableParameters(
            ["A", "B", "C"], whereClause: "A: Sendable, B == Box<C, Int>, C: P & Sendable"), ["A", "C"])
        XCTAssertEqual(GenericRequirements.sendableParameters(["A: NonSendable"], whereClause: nil), [])
    }

    /// What the reader records of each type: whether an argument given to it may have to be `Sendable`.
    func testTheReaderRecordsWhichTypesMayRequireSendableArguments() {
        let file = SwiftReader.parse(source: """
            struct Plain<T> {}
            struct Stream<Element: Sendable, Failure: Error>: @unchecked Sendable { struct Iterator {} }
            final class Storage<Base>: Sendable where Base: AsyncSequence, Base.Element: Sendable {}
            actor Holder<T>: Sendable {}
            enum Part<B: P> { case a(B) }
            enum SendablePart<B> where B: Swift.Sendable { case a(B) }
            protocol Source<Element> { associatedtype Element: Sendable }
            struct Conforming<T>: Sendable, Hashable {}
            """, path: "Types.swift")
        let flags = Dictionary(uniqueKeysWithValues: file.types.map { ($0.qualifiedName, $0.mayRequireSendableArguments) })
        XCTAssertEqual(flags, ["Plain": false, "Stream": true, "Stream.Iterator": false, "Storage": true, "Holder": false,
                               "Part": false, "SendablePart": true, "Source": true, "Conforming": false])
        // And whether a parameter may have to conform to a protocol with a witness table (case paths capture
        // its metatype): a marker protocol's requirement in the parameter list is not one; any requirement in
        // a type's `where` clause counts, as the reader skips it unread.
        let constraints = Dictionary(uniqueKeysWithValues: file.types.map { ($0.qualifiedName, $0.mayConstrainParameters) })
        XCTAssertEqual(constraints, ["Plain": false, "Stream": true, "Stream.Iterator": false, "Storage": true,
                                     "Holder": false, "Part": true, "SendablePart": false, "Source": false,
                                     "Conforming": false])
    }
}
