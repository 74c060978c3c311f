extension LiftPlanner {
    /// Leaves out each conformance whose `where` clause names, as written, a type that two of the modules the
    /// lift file imports declare (`where Item == Row`, with `Row` in `AMod` and `BMod`): ambiguous there, and
    /// RexGen cannot tell which one the payload's module imports. So too one that names a type of a module
    /// RexGen does not read, which the lift file does not import or where a module it reads declares the name
    /// too (see `ForeignNames.UnreadModuleName`). Returns whether it left one out.
    func leaveOutAmbiguousWhereClauses(_ roots: inout [RootPlan], importing imports: [ImportDeclaration],
                                       foreignNames: inout ForeignNames?, diagnostics: inout [Diagnostic]) -> Bool {
        guard roots.contains(where: { $0.conformances.contains { !$0.whereRequirements.isEmpty } }) else { return false }
        if foreignNames == nil { foreignNames = makeForeignNames() }
        let imported = Set(imports.compactMap { $0.moduleName.map(String.init) })
        let inSight = roots.contains(where: { $0.conformances.contains { !$0.unreadModuleNames.isEmpty } })
            ? foreignNames!.modulesInSight(importing: imports) : []
        var leftOut = false
        for rootIndex in roots.indices {
            let protocolName = roots[rootIndex].joinedName + "Convertible"
            roots[rootIndex].conformances.removeAll { conformance in
                if let reason = Self.unreadModuleNameReason(conformance, liftFileSees: inSight) {
                    diagnostics.append(.warning("'\(conformance.declaration.qualifiedName)' is used with generic arguments "
                        + "that name \(reason); no \(protocolName) conformance is generated for it",
                        at: conformance.declaration.location))
                    leftOut = true
                    return true
                }
                for requirement in conformance.whereRequirements {
                    for start in ForeignNames.typeNames(inRequirement: requirement)
                    where !foreignNames!.isCapturedInTheLiftFile(String(start.name)) {
                        let both = foreignNames!.modulesDeclaringMoreThanOnce(start.name).intersection(imported).sorted()
                        guard both.count > 1 else { continue }
                        diagnostics.append(.warning("'\(conformance.declaration.qualifiedName)' is used with generic arguments "
                            + "that name '\(start.name)', which modules \(both.joined(separator: " and ")) declare, and the "
                            + "lift file imports them all; RexGen cannot tell which one is meant, so no \(protocolName) "
                            + "conformance is generated for it", at: conformance.declaration.location))
                        leftOut = true
                        return true
                    }
                }
                return false
            }
        }
        return leftOut
    }

    /// Why the lift file cannot mean a type of a module RexGen does not read that `conformance`'s `where` clause
    /// names, as the lift file sees the modules `liftFileSees`; nil when it can.
    private static func unreadModuleNameReason(_ conformance: ConformancePlan, liftFileSees: Set<Substring>) -> String? {
        for unread in conformance.unreadModuleNames {
            let declaring = unread.declaringModules.filter { liftFileSees.contains(Substring($0)) }.sorted()
            if !declaring.isEmpty {
                return "'\(unread.name)', which its file sees in no module RexGen reads, and the lift file also sees "
                    + "the '\(unread.name)' of \(declaring.count == 1 ? "module" : "modules") "
                    + "\(declaring.joined(separator: " and ")) (pass the module that declares the file's with "
                    + "--reference-module, or write the argument with its module's name)"
            }
            let missing = unread.fileImports.subtracting(liftFileSees).sorted()
            if !missing.isEmpty {
                return "'\(unread.name)', which its file sees in no module RexGen reads, and the lift file does not "
                    + "import \(missing.joined(separator: " and ")) (import it in a source of the root's target)"
            }
        }
        return nil
    }

    /// `ForeignNames` of this plan's model, modules and frameworks, made the first time a name needs it.
    func makeForeignNames() -> ForeignNames {
        ForeignNames(model: model, referenceModules: referenceModules, frameworks: frameworks)
    }

    /// Names the conformance of each enum of another module whose first name the sources or a third module
    /// declare too with its module (`extension ListFeature.ListAction`), or leaves it out with a warning when
    /// RexGen cannot.
    func qualifyForeignEnums(_ conformances: inout [ConformancePlan], foreignNames: inout ForeignNames?,
                             protocolName: String, diagnostics: inout [Diagnostic]) {
        var kept: [ConformancePlan] = []
        kept.reserveCapacity(conformances.count)
        // Thousands of another module's enums in a modular app: each folder's module is worked out once (and
        // `canWrite` keeps what it works out).
        var modules = ReferenceModules.Memo(referenceModules)
        for var conformance in conformances {
            let declaration = conformance.declaration
            let first = declaration.qualifiedNameComponents[0]
            guard conformance.node >= 0, tree.nodes[conformance.node].isReference else {
                kept.append(conformance)
                continue
            }
            if foreignNames == nil { foreignNames = makeForeignNames() }
            if foreignNames!.isCapturedInTheLiftFile(first) {
                if let module = referenceModules.module(ofFile: declaration.location.file),
                   case .text(let name, _) = foreignNames!.rewritten(conformance.typeName, writtenIn: module,
                                                                    file: declaration.location.file, ownModuleFirst: true) {
                    conformance.typeName = name
                    kept.append(conformance)
                    continue
                }
                let declaring = foreignNames!.frameworksDeclare(first) ? "a lift framework declares" : "the sources declare"
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is another module's, and \(declaring) a "
                    + "'\(first)' too, which the lift file's extension would mean; RexGen cannot tell which module to name "
                    + "it with, so no \(protocolName) conformance is generated for it", at: declaration.location))
            } else if !referenceModules.isEmpty,
                      case let declaring = foreignNames!.modulesDeclaringMoreThanOnce(Substring(first)), !declaring.isEmpty,
                      let module = referenceModules.module(ofFile: declaration.location.file),
                      declaring.contains(where: { $0 != module }) {
                if let name = foreignNames!.qualified(conformance.typeName, with: module) {
                    conformance.typeName = name
                    kept.append(conformance)
                    continue
                }
                let holder = foreignNames!.frameworksDeclare(module) ? "a lift framework"
                    : foreignNames!.isCapturedInTheLiftFile(module) ? "the sources" : "a module"
                diagnostics.append(.warning("'\(declaration.qualifiedName)' is module \(module)'s, and another module declares "
                    + "a '\(first)' too, which would make the lift file's extension ambiguous; \(holder) declares a type "
                    + "named '\(module)', so RexGen cannot name it with its module, and no \(protocolName) conformance is "
                    + "generated for it", at: declaration.location))
            } else {
                // The lift file imports the sources' modules, and RexGen reads only some of them: another
                // one may declare this name too, and then the name alone is ambiguous there.
                if let module = modules.module(ofFile: declaration.location.file) {
                    if foreignNames!.canWrite(module: module) {
                        conformance.typeName = module + "." + conformance.typeName
                    } else if let unread = foreignNames!.modulesTheSourcesImportAndRexGenDoesNotRead().first {
                        diagnostics.append(.warning("'\(declaration.qualifiedName)' is module \(module)'s, whose name a type "
                            + "takes, so the lift file cannot name it with its module; your sources import \(unread), which "
                            + "RexGen does not read and may declare a '\(first)' too, so no \(protocolName) conformance is "
                            + "generated for it (rename the module or the type)", at: declaration.location))
                        continue
                    }
                }
                kept.append(conformance)
            }
        }
        conformances = kept
    }
}
