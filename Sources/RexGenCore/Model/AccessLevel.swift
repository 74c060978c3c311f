/// Swift's access levels, ordered from least to most visible.
public enum AccessLevel: String, Hashable, Sendable, Comparable, Codable, CaseIterable {
    case `private`, `fileprivate`, `internal`, `package`, `public`, `open`

    private var rank: Int {
        switch self {
        case .private: 0
        case .fileprivate: 1
        case .internal: 2
        case .package: 3
        case .public: 4
        case .open: 5
        }
    }

    public static func < (lhs: AccessLevel, rhs: AccessLevel) -> Bool { lhs.rank < rhs.rank }

    /// Can a declaration at this level be extended from another file of the same module?
    public var isVisibleToOtherFiles: Bool { self >= .internal }

    /// The keyword generated members carry: `open` does not apply to properties of enums.
    public var memberKeyword: String { self == .open ? "public" : rawValue }
}
