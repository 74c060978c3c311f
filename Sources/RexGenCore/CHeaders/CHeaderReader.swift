import CLibClang
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What `--c-header`, `-I` and `-D` (or `cHeaders:`, `includePaths:`, `defines:`) ask for.
public struct CHeaderOptions: Sendable, Equatable {
    public var headers: [String]
    public var includePaths: [String]
    /// `NAME` or `NAME=VALUE`.
    public var defines: [String]

    public init(headers: [String] = [], includePaths: [String] = [], defines: [String] = []) {
        self.headers = headers
        self.includePaths = includePaths
        self.defines = defines
    }
}

/// Reads the enums of C headers through libclang (preprocessor applied), under the names Swift gives them.
public enum CHeaderReader {
    /// One `ParsedFile` per header, holding the enums declared in it and in the non-system headers it
    /// includes; problems (no libclang, a header that does not parse) are diagnostics.
    public static func read(_ options: CHeaderOptions, diagnostics: inout [Diagnostic]) -> [ParsedFile] {
        guard !options.headers.isEmpty else { return [] }
        let library: LibClang
        switch LibClang.load() {
        case .success(let loaded): library = loaded
        case .failure(let error):
            let location = SourceLocation(file: options.headers[0], line: 1, column: 1)
            diagnostics.append(.error(error.description, at: location))
            return []
        }
        var arguments = ["-x", "objective-c", "-fparse-all-comments"]
        arguments += options.includePaths.map { "-I" + $0 }
        arguments += options.defines.map { "-D" + $0 }
        var seen = Set<String>()
        return options.headers.map { header in
            var file = ParsedFile(path: header)
            guard FileManager.default.fileExists(atPath: header) else {
                file.diagnostics.append(.error("C header '\(header)' does not exist",
                                               at: SourceLocation(file: header, line: 1, column: 1)))
                return file
            }
            let translation = HeaderTranslation(library: library, header: header, arguments: arguments)
            // A header included by two of the given headers contributes its enums once.
            file.enums = translation.enums.filter { seen.insert($0.qualifiedName).inserted }
            file.diagnostics = translation.diagnostics
            file.includedFiles = translation.includedFiles
            return file
        }
    }
}

/// One header parsed by libclang, and the enums found in it.
private struct HeaderTranslation {
    var enums: [EnumDeclaration] = []
    var diagnostics: [Diagnostic] = []
    var includedFiles: [String] = []

    init(library: LibClang, header: String, arguments: [String]) {
        let index = library.createIndex(0, 0)
        defer { library.disposeIndex(index) }
        let cArguments = arguments.map { strdup($0) }
        defer { cArguments.forEach { free($0) } }
        let unit = cArguments.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            library.parseTranslationUnit(index, header, pointers.baseAddress, Int32(pointers.count), nil, 0,
                                         UInt32(RGXTranslationUnit_SkipFunctionBodies))
        }
        guard let unit else {
            diagnostics.append(.error("libclang could not parse C header '\(header)'",
                                      at: SourceLocation(file: header, line: 1, column: 1)))
            return
        }
        defer { library.disposeTranslationUnit(unit) }
        diagnostics = Self.diagnostics(of: unit, library: library)
        let walker = CursorWalker(library: library)
        walker.walk(library.getTranslationUnitCursor(unit))
        enums = walker.enumDeclarations()
        includedFiles = Self.includedFiles(of: unit, header: header, library: library)
    }

    /// Every non-system file the translation includes, the header itself left out, in include order.
    private static func includedFiles(of unit: RGXTranslationUnit, header: String, library: LibClang) -> [String] {
        final class Inclusions { var files: [RGXFile] = [] }
        let inclusions = Inclusions()
        withExtendedLifetime(inclusions) {
            library.getInclusions(unit, { file, _, depth, clientData in
                // Depth 0 is the header itself.
                guard depth > 0, let file else { return }
                Unmanaged<Inclusions>.fromOpaque(clientData!).takeUnretainedValue().files.append(file)
            }, Unmanaged.passUnretained(inclusions).toOpaque())
        }
        var seen = Set<String>()
        return inclusions.files
            .filter { library.locationIsInSystemHeader(library.getLocationForOffset(unit, $0, 0)) == 0 }
            .map { library.string(library.getFileName($0)) }
            .filter { $0 != header && seen.insert($0).inserted }
    }

    /// libclang's errors, at their place in the header; warnings are the compiler's business, not ours.
    private static func diagnostics(of unit: RGXTranslationUnit, library: LibClang) -> [Diagnostic] {
        (0..<library.getNumDiagnostics(unit)).compactMap { number in
            guard let diagnostic = library.getDiagnostic(unit, number) else { return nil }
            defer { library.disposeDiagnostic(diagnostic) }
            guard library.getDiagnosticSeverity(diagnostic) >= 3 else { return nil }
            let message = library.string(library.getDiagnosticSpelling(diagnostic))
            let location = CursorWalker.location(library.getDiagnosticLocation(diagnostic), library: library)
            return .error("C header: \(message)", at: location)
        }
    }
}
