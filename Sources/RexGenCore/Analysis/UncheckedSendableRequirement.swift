/// A payload that may break a generated property although its case compiles.
///
/// Swift does not check a generic type's `Sendable` requirements in an enum case's payload when a generic
/// argument depends on a generic parameter in scope: with `struct Box<Element: Sendable>`,
/// `enum Part<B> { case item(Box<B>) }` compiles. A property of that type in an extension does not (in the
/// Swift 6 language mode: "type 'B' does not conform to the 'Sendable' protocol"). Every other requirement
/// (`Hashable`, a protocol) is checked in the case as well, so the case compiling proves the property's type
/// well-formed but for `Sendable`.
///
/// A generic type the sources declare says whether it may require `Sendable` arguments
/// (`TypeDeclaration.mayRequireSendableArguments`); the standard library's listed below do not; any other
/// may. A payload passing a parameter to one that may is not written in a property (see
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
    /// `Sendable`) in the generic arguments of types that may require it to be `Sendable`.
    /// - Parameter declaredRequirement: for a generic type's name as written (`Outer.Inner`, generic arguments
    ///   left out), whether the sources' declaration of it may require `Sendable` arguments; nil when the
    ///   sources declare no type of that name.
    static func first(in typeText: String, parameters: Set<Substring>,
                      declaredRequirement: (String) -> Bool? = { _ in nil }) -> UncheckedSendableRequirement? {
        guard !parameters.isEmpty, typeText.utf8.contains(UInt8(ascii: "<")) else { return nil }
        let bytes = Array(typeText.utf8)
        // The generic types whose argument lists are open, outermost first (nil: one that requires nothing
        // Sendable), and the dotted name each interrupted (`Outer<T>.Inner` goes on after `>`).
        var owners: [String?] = []
        var interrupted: [[String]] = []
        var name: [String] = []
        var previous = UInt8(ascii: " ")
        var offset = 0
        while offset < bytes.count {
            let byte = bytes[offset]
            guard byte.isIdentifierContinuation else {
                switch byte {
                case UInt8(ascii: "<"):
                    let written = name.joined(separator: ".")
                    let mayRequire = declaredRequirement(written) ?? !typesRequiringNothingSendable.contains(
                        Substring(written.hasPrefix("Swift.") ? String(written.dropFirst(6)) : written))
                    owners.append(mayRequire ? written : nil)
                    interrupted.append(name)
                    name = []
                case UInt8(ascii: ">") where previous != UInt8(ascii: "-"):
                    _ = owners.popLast()
                    name = interrupted.popLast() ?? []
                case UInt8(ascii: "."), UInt8(ascii: " "): break
                default: name = []
                }
                if byte != UInt8(ascii: " ") { previous = byte }
                offset += 1
                continue
            }
            var end = offset
            while end < bytes.count, bytes[end].isIdentifierContinuation { end += 1 }
            let identifier = String(decoding: bytes[offset..<end], as: UTF8.self)
            let followsDot = previous == UInt8(ascii: ".")
            name = followsDot ? name + [identifier] : [identifier]
            if !followsDot, parameters.contains(Substring(identifier)) {
                let requiring = owners.compactMap { $0 }
                if !requiring.isEmpty { return UncheckedSendableRequirement(genericTypes: requiring, parameter: identifier) }
            }
            previous = UInt8(ascii: "a")
            offset = end
        }
        return nil
    }
}
