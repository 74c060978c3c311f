/// The modules each file of the model imports, and those it sees through an `@_exported import` of a module
/// RexGen reads (or of its own module): what `ForeignNames` needs to tell which module a generic argument's
/// name comes from. `FileSight` answers the same for enums, per declaration; this is per module name, and
/// built only when a `where` clause names a type.
struct ImportedModules {
    struct FileImports {
        /// Every module the file imports, a declaration alone (`import struct ThirdParty.Movie`) included.
        var modules: Set<Substring>
        /// Whether it imports a declaration alone, which comes before every module's declaration of its name.
        var importsADeclaration: Bool
    }

    private var byFile: [String: FileImports] = [:]
    /// The modules each module RexGen reads re-exports, to every file that imports it and to its own files.
    private var reExportsByModule: [Substring: Set<Substring>] = [:]
    /// The modules the sources re-export, to every source.
    private var sourcesReExports = Set<Substring>()

    init(model: SourceModel, referenceModules: ReferenceModules) {
        let files = model.allFiles
        var modules = ReferenceModules.Memo(referenceModules)
        byFile.reserveCapacity(files.count)
        var index = 0
        while index < files.count {  // not `for in`, which copies each file: see `SourceFileCollector.collect`
            defer { index += 1 }
            var imports = FileImports(modules: [], importsADeclaration: false)
            var reExported: [Substring] = []
            for declaration in files[index].imports {
                guard let name = declaration.moduleName else { continue }
                imports.modules.insert(name)
                if declaration.isScoped { imports.importsADeclaration = true }
                if declaration.isReExport { reExported.append(name) }
            }
            byFile[files[index].path] = imports
            guard !reExported.isEmpty else { continue }
            if index < model.files.count {
                sourcesReExports.formUnion(reExported)
            } else if let module = modules.module(ofFile: files[index].path) {
                reExportsByModule[Substring(module), default: []].formUnion(reExported)
            }
        }
    }

    /// What `file` imports; nothing for a file the model does not hold.
    func imports(of file: String) -> FileImports {
        byFile[file] ?? FileImports(modules: [], importsADeclaration: false)
    }

    /// The modules whose types `file`, of `module` (nil: a source), sees by their names alone: those it imports
    /// and those they re-export; nil when it imports a declaration alone.
    func modulesInSight(of file: String, module: String?) -> Set<Substring>? {
        let imports = imports(of: file)
        guard !imports.importsADeclaration else { return nil }
        var seen = imports.modules
        seen.formUnion(module.map { reExportsByModule[Substring($0)] ?? [] } ?? sourcesReExports)
        return withReExports(seen)
    }

    /// `modules`, with those they re-export, and so on.
    func withReExports(_ modules: Set<Substring>) -> Set<Substring> {
        guard !reExportsByModule.isEmpty else { return modules }
        var result = modules
        var pending = Array(modules)
        while let module = pending.popLast() {
            for reExported in reExportsByModule[module] ?? [] where result.insert(reExported).inserted {
                pending.append(reExported)
            }
        }
        return result
    }
}
