/// Which other modules' declarations each input file can name: Swift finds another module's type by its name
/// alone only in a file that imports that module (or, with `import struct M.T`, that type), or a module that
/// re-exports it (`@_exported import`, which re-exports to every file of the module that states it too), and
/// an `@_spi(Group)` type only through an import with that group. A file sees every declaration of its own
/// module. Known only for the modules `--reference-module` names; a declaration of any other reference, and
/// any declaration named from a reference of an unnamed module, counts as in sight.
///
/// Worked out once per tree (`ActionTreeBuilder.build`, for both of its resolvers; `actionNodes` alone works it
/// out when it must resolve a nested enum), for the sources and for the references whose payloads or
/// typealiases can name an enum, the only files a name is looked up from.
struct FileSight: Sendable {
    private struct View {
        /// The modules in sight, with the SPI groups each is imported with.
        var modules: [String: Set<String>]
        /// A reference's own module, every declaration of which is in sight.
        var ownModule: String?
    }

    private let views: [String: View]
    /// The module of each folder holding references (nil: a folder of no module `--reference-module` names).
    private let moduleOfFolder: [Substring: String?]
    /// With `--reference-module`, the modules declaring each type name declared more than once.
    let modulesDeclaring: [String: Set<String>]

    /// Sees everything.
    init() {
        self.init(views: [:], moduleOfFolder: [:], modulesDeclaring: [:])
    }

    private init(views: [String: View], moduleOfFolder: [Substring: String?], modulesDeclaring: [String: Set<String>]) {
        self.views = views
        self.moduleOfFolder = moduleOfFolder
        self.modulesDeclaring = modulesDeclaring
    }

    init(model: SourceModel, referenceModules: ReferenceModules) {
        guard !referenceModules.isEmpty, !model.referenceFiles.isEmpty else {
            self.init()
            return
        }
        // Tens of thousands of references in a modular app: each folder's module is looked up once, and the
        // files of a module that import alike share one view.
        var moduleOfFolder: [Substring: String?] = [:]
        var reExportsByModule: [String: [ImportDeclaration]] = [:]
        var readFiles: [(index: Int, module: String)] = []
        let references = model.referenceFiles
        var lastFolder: Substring?
        var lastModule: String?
        var index = 0
        while index < references.count {  // not `for in`, which copies each file: see `SourceFileCollector.collect`
            defer { index += 1 }
            // A folder's files are listed together: its module is looked up once in a row.
            let folder = ReferenceModules.folder(of: references[index].path)
            if folder != lastFolder {
                if moduleOfFolder[folder] == nil {
                    moduleOfFolder[folder] = .some(referenceModules.module(ofFile: references[index].path))
                }
                lastFolder = folder
                lastModule = moduleOfFolder[folder]!
            }
            guard let module = lastModule else { continue }
            let reExports = references[index].imports.filter(\.isReExport)
            if !reExports.isEmpty { reExportsByModule[module, default: []] += reExports }
            if !references[index].typeAliases.isEmpty || references[index].enums.contains(where: { !$0.cases.isEmpty }) {
                readFiles.append((index, module))
            }
        }
        let reExported = reExportsByModule.mapValues { Set($0.compactMap(\.moduleName).map(String.init)) }
        var shared: [[ImportDeclaration]: [String?: View]] = [:]
        func view(imports: [ImportDeclaration], ownModule: String?) -> View {
            if let known = shared[imports]?[ownModule] { return known }
            let view = View(modules: Self.modules(imported: imports, reExported: reExported), ownModule: ownModule)
            shared[imports, default: [:]][ownModule] = view
            return view
        }
        let sourcesReExports = model.files.flatMap { $0.imports.filter(\.isReExport) }
        var views: [String: View] = [:]
        views.reserveCapacity(model.files.count + readFiles.count)
        for file in model.files {
            views[file.path] = view(imports: file.imports + sourcesReExports, ownModule: nil)
        }
        for (index, module) in readFiles {
            views[references[index].path] = view(imports: references[index].imports + (reExportsByModule[module] ?? []),
                                                 ownModule: module)
        }
        var modulesDeclaring: [String: Set<String>] = [:]
        for (name, files) in model.types.filesDeclaringNamesDeclaredMoreThanOnce() {
            modulesDeclaring[name] = Set(files.compactMap(referenceModules.module(ofFile:)))
        }
        self.init(views: views, moduleOfFolder: moduleOfFolder, modulesDeclaring: modulesDeclaring)
    }

    /// The modules `imports` put in sight with their SPI groups, and those they re-export in turn. A scoped
    /// import (`import enum M.T`) counts as the whole module: over, never under, what is in sight.
    private static func modules(imported imports: [ImportDeclaration], reExported: [String: Set<String>])
        -> [String: Set<String>] {
        var modules: [String: Set<String>] = [:]
        var pending: [String] = []
        for declaration in imports {
            guard let module = declaration.moduleName.map(String.init) else { continue }
            modules[module, default: []].formUnion(declaration.spiGroups)
            pending.append(module)
        }
        while let module = pending.popLast() {
            for next in reExported[module] ?? [] where modules[next] == nil {
                modules[next] = []
                pending.append(next)
            }
        }
        return modules
    }

    var isEmpty: Bool { views.isEmpty }

    /// Whether `file` sees a declaration in the reference `declaringFile` with these attributes (its SPI ones
    /// count).
    func sees(_ declaringFile: String, attributes: [String], from file: String) -> Bool {
        guard let view = views[file], let found = moduleOfFolder[ReferenceModules.folder(of: declaringFile)],
              let module = found, module != view.ownModule else { return true }
        guard let groups = view.modules[module] else { return false }
        guard !attributes.isEmpty else { return true }
        let spi = attributes.filter(InheritedAttributes.isSPI)
        return spi.isEmpty || spi.contains(where: groups.contains)
    }
}
