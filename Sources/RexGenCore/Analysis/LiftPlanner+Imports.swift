/// The lift file names every enum of the tree (its conformance, the patterns along its path), so it compiles
/// only where each enum's module is imported. It takes the imports of the sources that hold conformances;
/// but an app's sources need not import every module its tree reaches: `App` imports `MovieFeature`, whose
/// `MovieAction` carries `ListFeature`'s `ListAction`. So the module of each enum declared in a reference is
/// imported too, when `--reference-module` names it (the build plugin names every dependency target). So is
/// the module of a type that a generic enum's `where` clause names (`where Item == Movie`, `Movie` being
/// `Models`'s), which the payload's file imports and the app's sources need not.
extension LiftPlanner {
    /// The imports of the modules declaring the roots' conformances that `imports` do not import whole.
    /// - Parameter imports: the imports copied from the sources; where one states an access level, so does
    ///   each import added, as wide as the widest root that reaches the module (a public conformance of a
    ///   type needs its module imported publicly under `InternalImportsByDefault`).
    /// - Parameter whereClauseModules: the modules of the types the `where` clauses name
    ///   (`ForeignNames.modulesNamed(inWhereClausesOf:)`), with the access each needs.
    static func importsOfDeclaringModules(_ roots: [RootPlan], whereClauseModules: [String: AccessLevel] = [:],
                                          referenceModules: ReferenceModules,
                                          besides imports: [ImportDeclaration]) -> [ImportDeclaration] {
        guard !referenceModules.isEmpty else { return [] }
        let imported = Set(imports.filter { !$0.isScoped }.compactMap(\.moduleName).map(String.init))
        var widestAccess = whereClauseModules.filter { !imported.contains($0.key) }
        var modules = ReferenceModules.Memo(referenceModules)
        for root in roots {
            for file in Set(root.conformances.map(\.declaration.location.file)) {
                guard let module = modules.module(ofFile: file), !imported.contains(module) else { continue }
                widestAccess[module] = max(widestAccess[module] ?? root.access, root.access)
            }
        }
        let statesAccess = imports.contains { $0.statedAccess != nil }
        return widestAccess.keys.sorted().map { module in
            ImportDeclaration(text: (statesAccess ? widestAccess[module]!.memberKeyword + " " : "") + "import " + module)
        }
    }
}
