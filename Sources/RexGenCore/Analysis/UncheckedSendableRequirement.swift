/// A payload that may break a generated property although its case compiles.
///
/// Swift does not check a generic type's `Sendable` requirements in an enum case's payload when a generic
/// argument depends on a generic parameter in scope: with `struct Box<Element: Sendable>`,
/// `enum Part<B> { case item(Box<B>) }` compiles. A property of that type in an extension does not (in the
/// Swift 6 language mode: "type 'B' does not conform to the 'Sendable' protocol"). Every other requirement
/// (`Hashable`, a protocol) is checked in the case as well, so the case compiling proves the property's type
/// well-formed but for `Sendable`.
///
/// RexGen does not know which generic types outside the standard library require `Sendable`, so a payload
/// passing such a parameter to one of them is not written in a property (see
/// `EnumPropertiesPlanner.skipPayloadsWithUncheckedSendableRequirements`), unless the parameter is declared
/// `Sendable` itself.
struct UncheckedSendableRequirement: Equatable {
    /// The generic types the parameter is passed to, outermost first, as written (`UnsafeTransfer`,
    /// `RPCAsyncSequence`, `RPCResponsePart`): any of them may be the one that requires `Sendable`.
    var genericTypes: [String]
    var parameter: String

    /// Standard-library generic types and protocols whose generic parameters require nothing `Sendable`;
    /// any other may (`Task`'s `Success` does).
    static let typesRequiringNothingSendable: Set<Substring> = [
        "Array", "ContiguousArray", "ArraySlice", "Dictionary", "Set", "Optional", "Result", "Range", "ClosedRange",
        "PartialRangeFrom", "PartialRangeUpTo", "PartialRangeThrough", "Slice", "CollectionOfOne", "EmptyCollection",
        "Repeated", "KeyValuePairs", "UnsafePointer", "UnsafeMutablePointer", "UnsafeBufferPointer",
        "UnsafeMutableBufferPointer", "Unmanaged", "KeyPath", "WritableKeyPath", "ReferenceWritableKeyPath",
        "PartialKeyPath", "AnySequence", "AnyCollection", "AnyBidirectionalCollection", "AnyRandomAccessCollection",
        "AnyIterator", "IndexingIterator", "LazySequence", "EnumeratedSequence", "Zip2Sequence",
        "ReversedCollection", "FlattenSequence", "JoinedSequence", "CheckedContinuation", "UnsafeContinuation",
        "AsyncStream", "AsyncThrowingStream", "Sequence", "Collection", "BidirectionalCollection",
        "RandomAccessCollection", "IteratorProtocol", "AsyncSequence", "AsyncIteratorProtocol",
    ]

    /// The first place `typeText` passes one of `parameters` (a generic parameter in scope that is not declared
    /// `Sendable`) in the generic arguments of a type not known to require nothing `Sendable` of it.
    static func first(in typeText: String, parameters: Set<Substring>) -> UncheckedSendableRequirement? {
        guard !parameters.isEmpty, typeText.utf8.contains(UInt8(ascii: "<")) else { return nil }
        let bytes = Array(typeText.utf8)
        // The generic types whose argument lists are open, outermost first (nil: one known to be harmless).
        var owners: [String?] = []
        var lastName = ""
        var previous = UInt8(ascii: " ")
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            guard isIdentifierByte(byte) else {
                switch byte {
                case UInt8(ascii: "<"):
                    let name = lastName.hasPrefix("Swift.") ? String(lastName.dropFirst(6)) : lastName
                    owners.append(typesRequiringNothingSendable.contains(Substring(name)) ? nil : lastName)
                case UInt8(ascii: ">") where previous != UInt8(ascii: "-"):
                    _ = owners.popLast()
                default: break
                }
                if byte != UInt8(ascii: " ") { previous = byte }
                if byte != UInt8(ascii: "."), byte != UInt8(ascii: " ") { lastName = "" }
                offset += 1
                continue
            }
            var end = offset
            while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[offset..<end], as: UTF8.self)
            let followsDot = previous == UInt8(ascii: ".")
            lastName = followsDot && !lastName.isEmpty ? lastName + "." + name : name
            if !followsDot, parameters.contains(Substring(name.filter { $0 != "`" })) {
                let unknown = owners.compactMap { $0 }
                if !unknown.isEmpty { return UncheckedSendableRequirement(genericTypes: unknown, parameter: name) }
            }
            previous = UInt8(ascii: "a")
            offset = end
        }
        return nil
    }

    /// The names of `parameters` (`Bytes: GRPCContiguousBytes & Sendable`) and of the requirements of
    /// `whereClause` (`Bytes: Sendable`) that state `Sendable`.
    static func declaredSendable(_ parameters: [String], whereClause: String?) -> Set<Substring> {
        let requirements = parameters + (whereClause.map { TypeNameResolver.splitTopLevel($0[...]) } ?? [])
        var names = Set<Substring>()
        for requirement in requirements {
            guard let colon = requirement.firstIndex(of: ":") else { continue }
            let constraint = requirement[requirement.index(after: colon)...]
            guard constraint.utf8.split(whereSeparator: { !isIdentifierByte($0) })
                .contains(where: { $0.elementsEqual("Sendable".utf8) }) else { continue }
            names.insert(Substring(EnumDeclaration.genericParameterName(String(requirement[..<colon]))))
        }
        return names
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || byte >= 0x80
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
}
