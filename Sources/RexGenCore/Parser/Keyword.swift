/// The Swift keywords and contextual keywords that matter when reading declarations.
enum Keyword: String, CaseIterable {
    // Declarations.
    case `enum`, `struct`, `class`, actor, `protocol`, `extension`, `case`, `var`, `let`, `func`, `init`
    case `deinit`, `subscript`, `typealias`, `import`, `associatedtype`, macro, `operator`, `precedencegroup`
    case `where`
    // Modifiers.
    case `public`, `private`, `fileprivate`, `internal`, package, open
    case `static`, final, override, mutating, nonmutating, lazy, weak, unowned, dynamic, required
    case convenience, optional, nonisolated, distributed, prefix, postfix, infix, indirect, isolated
    case consuming, borrowing, __consuming, _const

    var accessLevel: AccessLevel? {
        switch self {
        case .public: .public
        case .private: .private
        case .fileprivate: .fileprivate
        case .internal: .internal
        case .package: .package
        case .open: .open
        default: nil
        }
    }

    var isModifier: Bool {
        switch self {
        case .public, .private, .fileprivate, .internal, .package, .open, .static, .final, .override,
             .mutating, .nonmutating, .lazy, .weak, .unowned, .dynamic, .required, .convenience, .optional,
             .nonisolated, .distributed, .prefix, .postfix, .infix, .indirect, .isolated, .consuming,
             .borrowing, .__consuming, ._const:
            true
        default:
            false
        }
    }

    /// Words that, first on a line, begin a declaration: a reader recovering from a missing `)` or `{`
    /// stops there.
    var startsDeclaration: Bool {
        switch self {
        case .enum, .struct, .class, .actor, .protocol, .extension, .case, .var, .let, .func, .`init`, .deinit,
             .subscript, .typealias, .import, .associatedtype, .public, .private, .fileprivate, .internal,
             .package, .open, .static, .final, .override, .mutating, .indirect, .nonisolated:
            true
        default:
            false
        }
    }

    /// Keywords that open a type whose body holds declarations.
    var isTypeDeclaration: Bool {
        switch self {
        case .enum, .struct, .class, .actor, .protocol: true
        default: false
        }
    }

    /// Whether a word could be `enum`, `struct`, `class`, `actor`, `protocol` or `indirect`, judged by its
    /// length and first byte: in function bodies, where every word is checked for a local type and nearly
    /// none is one, this rules out most words before the keyword table is consulted.
    static func mayOpenLocalType(_ bytes: UnsafeBufferPointer<UInt8>, _ token: Token) -> Bool {
        switch (token.end - token.start, bytes[token.start]) {
        case (4, UInt8(ascii: "e")), (5, UInt8(ascii: "c")), (5, UInt8(ascii: "a")), (6, UInt8(ascii: "s")),
             (8, UInt8(ascii: "p")), (8, UInt8(ascii: "i")):
            true
        default:
            false
        }
    }

    /// Every keyword's bytes packed into two integers, in slots by length and first byte, so that matching
    /// an identifier compares integers with the one or two keywords of its slot, and most words find their
    /// slot empty. One flat table: an array of arrays would be retained and released on every look-up.
    private struct Entry {
        var packed: PackedName
        var keyword: Keyword
        var slot: Int { Keyword.slot(length: packed.length, first: UInt8(truncatingIfNeeded: packed.head)) }
    }

    /// Keywords are lower-case ASCII letters and `_`, whose low five bits tell them apart.
    private static func slot(length: Int, first: UInt8) -> Int { length << 5 | Int(first & 0x1F) }
    private static let slotCount = (PackedName.maximumLength + 1) << 5

    private static let entries: [Entry] = allCases
        .map { keyword in
            Array(keyword.rawValue.utf8).withUnsafeBufferPointer {
                Entry(packed: PackedName($0, start: 0, end: $0.count), keyword: keyword)
            }
        }
        .sorted { $0.slot < $1.slot }

    /// `entries[firstEntry[slot]..<firstEntry[slot + 1]]` are the keywords of one slot.
    private static let firstEntry: [Int] = (0...slotCount).map { slot in
        entries.firstIndex { $0.slot >= slot } ?? entries.count
    }

    static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword? {
        let length = end - start
        guard length > 1, length <= PackedName.maximumLength else { return nil }
        let first = bytes[start]
        guard first >= 0x61 && first <= 0x7A || first == .underscore else { return nil }
        let slot = slot(length: length, first: first)
        let candidates = firstEntry[slot]..<firstEntry[slot + 1]
        guard !candidates.isEmpty else { return nil }
        let name = PackedName(bytes, start: start, end: end)
        for index in candidates where entries[index].packed == name {
            return entries[index].keyword
        }
        return nil
    }
}

/// A name of up to 16 bytes as two little-endian integers and a length.
private struct PackedName: Equatable {
    static let maximumLength = 16

    var head: UInt64 = 0
    var tail: UInt64 = 0
    var length: Int

    /// `bytes[start..<end]`, at most `maximumLength` bytes: two loads and masks where 16 bytes are readable.
    init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        length = end - start
        if start + 16 <= bytes.count, let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base + start)
            head = raw.loadUnaligned(as: UInt64.self) & Self.mask(keepingBytes: length)
            tail = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self) & Self.mask(keepingBytes: length - 8)
        } else {
            for index in 0..<length {
                let byte = UInt64(bytes[start + index])
                if index < 8 { head |= byte << (index * 8) } else { tail |= byte << ((index - 8) * 8) }
            }
        }
    }

    /// The low `count` bytes of a word (none for `count <= 0`, all for `count >= 8`).
    @inline(__always)
    private static func mask(keepingBytes count: Int) -> UInt64 {
        count <= 0 ? 0 : count >= 8 ? ~0 : ~0 >> UInt64(64 - 8 * count)
    }
}
