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

    /// The keyword table grouped by length, so matching an identifier compares a handful of byte strings.
    static let byLength: [[(bytes: [UInt8], keyword: Keyword)]] = {
        var table = Array(repeating: [(bytes: [UInt8], keyword: Keyword)](), count: 17)
        for keyword in Keyword.allCases {
            let bytes = Array(keyword.rawValue.utf8)
            table[bytes.count].append((bytes, keyword))
        }
        return table
    }()

    static func match(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Keyword? {
        let length = end - start
        guard length > 1, length < byLength.count else { return nil }
        let first = bytes[start]
        guard first >= 0x61 && first <= 0x7A || first == .underscore else { return nil }
        candidates: for candidate in byLength[length] where candidate.bytes[0] == first {
            for index in 1..<length where candidate.bytes[index] != bytes[start + index] { continue candidates }
            return candidate.keyword
        }
        return nil
    }
}
