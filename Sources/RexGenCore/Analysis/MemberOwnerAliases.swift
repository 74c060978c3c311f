/// The sources' typealiases, followed to the type that a member declared through one belongs to:
/// `extension Settings { var event … }` with `typealias Settings = SettingsEvent` declares a member of
/// `SettingsEvent`.
struct MemberOwnerAliases {
    private let targets: [String: String]

    init(_ files: [ParsedFile]) {
        targets = Dictionary(files.flatMap(\.typeAliases).map { ($0.qualifiedName, $0.targetText) },
                             uniquingKeysWith: { first, _ in first })
    }

    /// Whether `name` is one of the sources' typealiases.
    func isAlias(_ name: String) -> Bool { targets[name] != nil }

    /// The type `owner` names, through at most eight aliases, so that a cycle of aliases (which the compiler
    /// rejects anyway) ends.
    func owner(_ owner: String) -> String {
        var owner = owner
        for _ in 0..<8 {
            guard let target = targets[owner] else { break }
            owner = target
        }
        return owner
    }
}
