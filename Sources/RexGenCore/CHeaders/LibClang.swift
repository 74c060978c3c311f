import CLibClang
#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// libclang, loaded with `dlopen` when a C header is given and only then: building and running RexGen
/// otherwise needs no clang at all.
final class LibClang: @unchecked Sendable {
    let path: String
    let createIndex: RGFn_createIndex
    let disposeIndex: RGFn_disposeIndex
    let parseTranslationUnit: RGFn_parseTranslationUnit
    let disposeTranslationUnit: RGFn_disposeTranslationUnit
    let getTranslationUnitCursor: RGFn_getTranslationUnitCursor
    let visitChildren: RGFn_visitChildren
    let getCursorKind: RGFn_getCursorKind
    let getCursorSpelling: RGFn_getCursorSpelling
    let getCursorUSR: RGFn_getCursorUSR
    let getCursorPrettyPrinted: RGFn_getCursorPrettyPrinted
    let isCursorDefinition: RGFn_isCursorDefinition
    let getCursorLocation: RGFn_getCursorLocation
    let locationIsInSystemHeader: RGFn_Location_isInSystemHeader
    let getExpansionLocation: RGFn_getExpansionLocation
    let getFileName: RGFn_getFileName
    let getEnumConstantDeclValue: RGFn_getEnumConstantDeclValue
    let getTypedefDeclUnderlyingType: RGFn_getTypedefDeclUnderlyingType
    let getCanonicalType: RGFn_getCanonicalType
    let getTypeDeclaration: RGFn_getTypeDeclaration
    let getRawCommentText: RGFn_Cursor_getRawCommentText
    let getCString: RGFn_getCString
    let disposeString: RGFn_disposeString
    let getNumDiagnostics: RGFn_getNumDiagnostics
    let getDiagnostic: RGFn_getDiagnostic
    let getDiagnosticSeverity: RGFn_getDiagnosticSeverity
    let getDiagnosticSpelling: RGFn_getDiagnosticSpelling
    let getDiagnosticLocation: RGFn_getDiagnosticLocation
    let disposeDiagnostic: RGFn_disposeDiagnostic
    let getInclusions: RGFn_getInclusions
    let getLocationForOffset: RGFn_getLocationForOffset

    private init(path: String, handle: UnsafeMutableRawPointer) throws {
        func symbol<Function>(_ name: String, _: Function.Type = Function.self) throws -> Function {
            guard let pointer = dlsym(handle, name) else {
                throw LibClangError.missingSymbol(path: path, symbol: name)
            }
            return unsafeBitCast(pointer, to: Function.self)
        }
        self.path = path
        createIndex = try symbol("clang_createIndex")
        disposeIndex = try symbol("clang_disposeIndex")
        parseTranslationUnit = try symbol("clang_parseTranslationUnit")
        disposeTranslationUnit = try symbol("clang_disposeTranslationUnit")
        getTranslationUnitCursor = try symbol("clang_getTranslationUnitCursor")
        visitChildren = try symbol("clang_visitChildren")
        getCursorKind = try symbol("clang_getCursorKind")
        getCursorSpelling = try symbol("clang_getCursorSpelling")
        getCursorUSR = try symbol("clang_getCursorUSR")
        getCursorPrettyPrinted = try symbol("clang_getCursorPrettyPrinted")
        isCursorDefinition = try symbol("clang_isCursorDefinition")
        getCursorLocation = try symbol("clang_getCursorLocation")
        locationIsInSystemHeader = try symbol("clang_Location_isInSystemHeader")
        getExpansionLocation = try symbol("clang_getExpansionLocation")
        getFileName = try symbol("clang_getFileName")
        getEnumConstantDeclValue = try symbol("clang_getEnumConstantDeclValue")
        getTypedefDeclUnderlyingType = try symbol("clang_getTypedefDeclUnderlyingType")
        getCanonicalType = try symbol("clang_getCanonicalType")
        getTypeDeclaration = try symbol("clang_getTypeDeclaration")
        getRawCommentText = try symbol("clang_Cursor_getRawCommentText")
        getCString = try symbol("clang_getCString")
        disposeString = try symbol("clang_disposeString")
        getNumDiagnostics = try symbol("clang_getNumDiagnostics")
        getDiagnostic = try symbol("clang_getDiagnostic")
        getDiagnosticSeverity = try symbol("clang_getDiagnosticSeverity")
        getDiagnosticSpelling = try symbol("clang_getDiagnosticSpelling")
        getDiagnosticLocation = try symbol("clang_getDiagnosticLocation")
        disposeDiagnostic = try symbol("clang_disposeDiagnostic")
        getInclusions = try symbol("clang_getInclusions")
        getLocationForOffset = try symbol("clang_getLocationForOffset")
    }

    /// Takes ownership of a `CXString`, returning its text.
    func string(_ value: RGXString) -> String {
        defer { disposeString(value) }
        return getCString(value).map { String(cString: $0) } ?? ""
    }

    // MARK: - Finding the library

    /// `LIBCLANG_PATH` if set (a file or a directory; nothing else is tried then), else Xcode's (on macOS) or
    /// Debian's libclang-dev locations, else the Swift toolchain's own library.
    static func load(environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<LibClang, LibClangError> {
        if let configured = environment["LIBCLANG_PATH"], !configured.isEmpty {
            let path = GivenPathStandardizer.kind(following: configured) == .directory
                ? PathText.appending(libraryName, to: configured) : configured
            return open(path).mapError { .unloadable(path: path, reason: $0.reason, fromEnvironment: true) }
        }
        var reasons: [String] = []
        for path in candidates(environment: environment) where FileManager.default.fileExists(atPath: path) {
            switch open(path) {
            case .success(let library): return .success(library)
            case .failure(let failure): reasons.append("\(path): \(failure.reason)")
            }
        }
        return .failure(.notFound(tried: reasons))
    }

    /// The library's file name on this platform.
    static var libraryName: String {
        #if os(macOS)
        "libclang.dylib"
        #else
        "libclang.so"
        #endif
    }

    static func candidates(environment: [String: String]) -> [String] {
        var paths: [String] = []
        #if os(macOS)
        // Xcode's and the Command Line Tools' own copies.
        paths += ["/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/libclang.dylib",
                  "/Library/Developer/CommandLineTools/usr/lib/libclang.dylib"]
        #endif
        let versioned = ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
            .filter { $0.hasPrefix("llvm-") }
            .sorted { (Int($0.dropFirst(5)) ?? 0) > (Int($1.dropFirst(5)) ?? 0) }
        paths += versioned.map { "/usr/lib/\($0)/lib/libclang.so" }
        paths += ["/usr/lib/x86_64-linux-gnu/libclang.so", "/usr/lib/aarch64-linux-gnu/libclang.so", "/usr/lib/libclang.so"]
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(directory)).appendingPathComponent("swiftc")
            guard FileManager.default.fileExists(atPath: swiftc.path) else { continue }
            let toolchainLib = swiftc.resolvingSymlinksInPath().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("lib").appendingPathComponent(libraryName)
            paths.append(toolchainLib.path)
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    private struct LoadFailure: Error {
        var reason: String
    }

    private static func open(_ path: String) -> Result<LibClang, LoadFailure> {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(LoadFailure(reason: dlerror().map { String(cString: $0) } ?? "cannot be loaded"))
        }
        do {
            return .success(try LibClang(path: path, handle: handle))
        } catch {
            dlclose(handle)
            return .failure(LoadFailure(reason: "\(error)"))
        }
    }
}

enum LibClangError: Error, Equatable, CustomStringConvertible {
    case notFound(tried: [String])
    case unloadable(path: String, reason: String, fromEnvironment: Bool)
    case missingSymbol(path: String, symbol: String)

    var description: String {
        switch self {
        case .notFound(let tried):
            "libclang is needed to read C headers but was not found; install it with "
                + "`apt-get install libclang-dev`, or set LIBCLANG_PATH to a libclang.so"
                + (tried.isEmpty ? "" : " (could not load: \(tried.joined(separator: "; ")))")
        case .unloadable(let path, let reason, let fromEnvironment):
            "cannot load libclang from '\(path)'\(fromEnvironment ? " (LIBCLANG_PATH)" : ""): \(reason); "
                + "install it with `apt-get install libclang-dev`, or point LIBCLANG_PATH at a libclang.so"
        case .missingSymbol(let path, let symbol):
            "'\(path)' is not a usable libclang: it has no '\(symbol)'"
        }
    }
}
