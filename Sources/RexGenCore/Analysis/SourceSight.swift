/// Which other modules' declarations each source file can name: Swift finds another module's type by its name
/// alone only in a file that imports that module (or, with `import struct M.T`, that type), or a module that
/// re-exports it (`@_exported import`, which in a source re-exports to every file of the module too), and an
/// `@_spi(Group)` type only through an import with that group. Known only for the modules `--reference-module`
/// names; a declaration of any other reference counts as in sight.
struct SourceSight: Sendable {
    /// For each source, the modules in its sight and the SPI groups it imports each with.
    private let modulesByFile: [String: [String: Set<String>]]

    init(model: SourceModel, referenceModules: ReferenceModules) {
        guard !referenceModules.isEmpty, !model.referenceFiles.isEmpty else {
            modulesByFile = [:]
            return
        }
        var reExports: [String: Set<String>] = [:]
        for file in model.referenceFiles {
            let reExported = file.imports.filter(\.isReExport).compactMap(\.moduleName)
            guard !reExported.isEmpty, let module = referenceModules.module(ofFile: file.path) else { continue }
            reExports[module, default: []].formUnion(reExported.map(String.init))
        }
        // An `@_exported import` of a source is in sight in every source.
        let everywhere = model.files.flatMap { $0.imports.filter(\.isReExport) }
        var modulesByFile: [String: [String: Set<String>]] = [:]
        for file in model.files {
            var modules: [String: Set<String>] = [:]
            var pending: [String] = []
            // A scoped import (`import enum M.T`) counts as the whole module: over, never under, what is in sight.
            for declaration in file.imports + everywhere {
                guard let module = declaration.moduleName.map(String.init) else { continue }
                let groups = declaration.text.split(separator: " ").filter { $0.hasPrefix("@_spi(") }.map(String.init)
                modules[module, default: []].formUnion(groups)
                pending.append(module)
            }
            while let module = pending.popLast() {
                for reExported in reExports[module] ?? [] where modules[reExported] == nil {
                    modules[reExported] = []
                    pending.append(reExported)
                }
            }
            modulesByFile[file.path] = modules
        }
        self.modulesByFile = modulesByFile
    }

    var isEmpty: Bool { modulesByFile.isEmpty }

    /// Whether source `file` sees a declaration of `module` with these attributes (its SPI ones count).
    func sees(_ module: String, attributes: [String], from file: String) -> Bool {
        guard let modules = modulesByFile[file] else { return true }
        guard let groups = modules[module] else { return false }
        let spi = attributes.filter { $0.hasPrefix("@_spi(") }
        return spi.isEmpty || spi.contains { groups.contains($0.filter { !$0.isWhitespace }) }
    }
}
