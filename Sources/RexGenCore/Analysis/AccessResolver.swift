/// Computes a declaration's effective access level: its own, capped by every enclosing type's.
package struct AccessResolver {
    private let types: TypeIndex

    package init(types: TypeIndex) {
        self.types = types
    }

    package func effectiveAccess(declared: AccessLevel?, enclosing: [EnclosingScope]) -> AccessLevel {
        effectiveAccess(declared: declared, enclosing: enclosing, visiting: [])
    }

    private func effectiveAccess(declared: AccessLevel?, enclosing: [EnclosingScope],
                                 visiting: Set<String>) -> AccessLevel {
        var bound = AccessLevel.open
        var memberDefault = AccessLevel.internal
        var path: [String] = []
        for scope in enclosing {
            switch scope {
            case .type(let name, let access):
                path.append(name)
                // At file scope `private` means fileprivate.
                let own = path.count == 1 && access == .private ? .fileprivate : access ?? memberDefault
                // A `private` type is visible in its enclosing scope, which for a nested one is still private.
                bound = min(bound, own)
                memberDefault = .internal
            case .extension(let extendedType, let access):
                path = extendedType.split(separator: ".").map(String.init)
                if let extended = lookUp(extendedType), !visiting.contains(extended.qualifiedName) {
                    let extendedAccess = effectiveAccess(declared: extended.declaredAccess,
                                                         enclosing: extended.enclosingScopes,
                                                         visiting: visiting.union([extended.qualifiedName]))
                    bound = min(bound, extendedAccess)
                }
                // Members of `private extension` are fileprivate; of `public extension`, public.
                memberDefault = access.map { $0 == .private ? .fileprivate : $0 } ?? .internal
            }
        }
        let own = declared ?? memberDefault
        if enclosing.isEmpty, own == .private { return .fileprivate }
        return min(bound, own)
    }

    /// Finds a type by the name an extension wrote, which may carry a module prefix.
    func lookUp(_ name: String) -> TypeDeclaration? {
        if let type = types[name] { return type }
        guard let dot = name.firstIndex(of: ".") else { return nil }
        return types[String(name[name.index(after: dot)...])]
    }
}
