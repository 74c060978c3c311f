#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which module each reference belongs to, from `--reference-module NAME=DIR` (the build plugin passes one per
/// dependency target): a reference file under DIR is module NAME's. With it a generated file's `public import`
/// of a module none of its public declarations names is written `internal import`, where Swift would
/// otherwise warn that it is unused; and the lift file imports the module of each enum of the tree a reference
/// declares (`LiftPlanner.importsOfDeclaringModules`).
public struct ReferenceModules: Sendable, Equatable {
    /// `NAME=DIR` for each folder, the folder spelled as the file collector spells the paths under it.
    public private(set) var arguments: [String] = []
    private var modulesByFolder: [String: String] = [:]

    public init() {}

    /// - Throws: for a value that is not `NAME=DIR` with NAME a module name.
    public init(arguments: [String]) throws(ReferenceModuleError) {
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), Self.isModuleName(argument[..<equals]),
                  argument.index(after: equals) < argument.endIndex else {
                throw ReferenceModuleError(argument: argument)
            }
            var folder = PathText.standardized(String(argument[argument.index(after: equals)...]))
            if folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
            // A relative folder keeps its first component: `./Lib` and `Lib` are one spelling here.
            while folder.hasPrefix("./") { folder.removeFirst(2) }
            let module = String(argument[..<equals])
            self.arguments.append(module + "=" + folder)
            modulesByFolder[folder] = module
        }
        // The file collector spells each reference as given: a folder named absolute here and relative in
        // `--reference` (or the other way round) is the same folder, under the working directory.
        let workingDirectory = PathText.standardized(FileManager.default.currentDirectoryPath)
        for (folder, module) in modulesByFolder {
            guard let other = Self.otherSpelling(of: folder, in: workingDirectory), modulesByFolder[other] == nil else { continue }
            modulesByFolder[other] = module
        }
    }

    /// `folder` relative to `workingDirectory` if it is absolute and inside it, absolute if it is relative.
    static func otherSpelling(of folder: String, in workingDirectory: String) -> String? {
        guard workingDirectory.hasPrefix("/"), workingDirectory.count > 1 else { return nil }
        guard folder.hasPrefix("/") else { return PathText.standardized(workingDirectory + "/" + folder) }
        guard folder.hasPrefix(workingDirectory + "/") else { return nil }
        return String(folder.dropFirst(workingDirectory.count + 1))
    }

    public var isEmpty: Bool { modulesByFolder.isEmpty }

    /// The modules `--reference-module` names.
    var moduleNames: Set<String> { Set(modulesByFolder.values) }

    /// Whether some folder is `name`'s: a type's name that starts with it may be module-qualified.
    func contains(module name: Substring) -> Bool { modulesByFolder.values.contains { $0[...] == name } }

    /// The module of the reference file at `path`: that of the innermost folder holding it, found by a walk
    /// up its folders (a modular app's references lie in thousands of them).
    func module(ofFile givenPath: String) -> String? {
        var path = givenPath[...]
        while path.hasPrefix("./") { path = path.dropFirst(2) }
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            let folder = slash == path.startIndex ? "/" : String(path[..<slash])
            if let module = modulesByFolder[folder] { return module }
            end = slash
        }
        return nil
    }

    /// `module(ofFile:)` looked up once per folder: a module's files lie in few folders, and a walk asks of
    /// every node on it.
    struct Memo {
        let modules: ReferenceModules
        private var moduleOfFolder: [Substring: String?] = [:]

        init(_ modules: ReferenceModules) {
            self.modules = modules
        }

        mutating func module(ofFile file: String) -> String? {
            let folder = ReferenceModules.folder(of: file)
            if let known = moduleOfFolder[folder] { return known }
            let found = modules.module(ofFile: file)
            moduleOfFolder[folder] = .some(found)
            return found
        }
    }

    /// `/App/Features` for `/App/Features/List.swift`: found in the bytes, as `lastIndex(of:)` walks
    /// characters, for every reference and every name looked up.
    static func folder(of path: String) -> Substring {
        let slash = path.utf8.withContiguousStorageIfAvailable { bytes in
            var at = bytes.count - 1
            while at > 0, bytes[at] != UInt8(ascii: "/") { at -= 1 }
            return max(at, 0)
        } ?? path.utf8.distance(from: path.utf8.startIndex, to: path.utf8.lastIndex(of: UInt8(ascii: "/")) ?? path.utf8.startIndex)
        return path[..<path.utf8.index(path.utf8.startIndex, offsetBy: slash)]
    }

    static func isModuleName(_ name: Substring) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
    }
}

public struct ReferenceModuleError: Error, CustomStringConvertible {
    public let argument: String
    public var description: String { "--reference-module takes NAME=DIR (a module name and a folder), not '\(argument)'" }
}
