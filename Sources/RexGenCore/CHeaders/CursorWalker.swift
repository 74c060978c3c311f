import CLibClang
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Walks a translation unit's cursors, collecting enum definitions and the typedefs that name them.
final class CursorWalker {
    private struct FoundEnum {
        var usr: String
        var tagName: String
        var prettyPrinted: String
        var comment: String
        var location: SourceLocation
        var constants: [(name: String, value: Int64, prettyPrinted: String, location: SourceLocation)]
    }

    private let library: LibClang
    private var enums: [FoundEnum] = []
    private var enumIndexByUSR: [String: Int] = [:]
    private var typedefNames: [String: (name: String, comment: String)] = [:]
    private var currentEnum: Int?

    init(library: LibClang) {
        self.library = library
    }

    func walk(_ root: RGXCursor) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = library.visitChildren(root, { cursor, _, clientData in
            let walker = Unmanaged<CursorWalker>.fromOpaque(clientData!).takeUnretainedValue()
            return Int32(walker.visit(cursor))
        }, context)
    }

    private func visit(_ cursor: RGXCursor) -> Int {
        if library.locationIsInSystemHeader(library.getCursorLocation(cursor)) != 0 { return Int(RGXChildVisit_Continue) }
        switch library.getCursorKind(cursor) {
        case Int32(RGXCursor_EnumDecl):
            guard library.isCursorDefinition(cursor) != 0 else { return Int(RGXChildVisit_Continue) }
            let usr = library.string(library.getCursorUSR(cursor))
            if enumIndexByUSR[usr] == nil {
                enumIndexByUSR[usr] = enums.count
                enums.append(FoundEnum(
                    usr: usr, tagName: library.string(library.getCursorSpelling(cursor)),
                    prettyPrinted: library.string(library.getCursorPrettyPrinted(cursor, nil)),
                    comment: library.string(library.getRawCommentText(cursor)),
                    location: location(of: cursor), constants: []))
                let saved = currentEnum
                currentEnum = enums.count - 1
                let context = Unmanaged.passUnretained(self).toOpaque()
                _ = library.visitChildren(cursor, { cursor, _, clientData in
                    let walker = Unmanaged<CursorWalker>.fromOpaque(clientData!).takeUnretainedValue()
                    return Int32(walker.visit(cursor))
                }, context)
                currentEnum = saved
            }
            return Int(RGXChildVisit_Continue)
        case Int32(RGXCursor_EnumConstantDecl):
            if let index = currentEnum {
                enums[index].constants.append((
                    name: library.string(library.getCursorSpelling(cursor)),
                    value: library.getEnumConstantDeclValue(cursor),
                    prettyPrinted: library.string(library.getCursorPrettyPrinted(cursor, nil)),
                    location: location(of: cursor)))
            }
            return Int(RGXChildVisit_Continue)
        case Int32(RGXCursor_TypedefDecl):
            let underlying = library.getCanonicalType(library.getTypedefDeclUnderlyingType(cursor))
            let declaration = library.getTypeDeclaration(underlying)
            if library.getCursorKind(declaration) == Int32(RGXCursor_EnumDecl) {
                let usr = library.string(library.getCursorUSR(declaration))
                if typedefNames[usr] == nil {
                    typedefNames[usr] = (library.string(library.getCursorSpelling(cursor)),
                                         library.string(library.getRawCommentText(cursor)))
                }
            }
            return Int(RGXChildVisit_Continue)
        default:
            return Int(RGXChildVisit_Recurse)
        }
    }

    private func location(of cursor: RGXCursor) -> SourceLocation {
        Self.location(library.getCursorLocation(cursor), library: library)
    }

    /// Where the code was written, macro expansions included (not where the macro was defined).
    static func location(_ location: RGXSourceLocation, library: LibClang) -> SourceLocation {
        var file: RGXFile?
        var line: UInt32 = 0
        var column: UInt32 = 0
        var offset: UInt32 = 0
        library.getExpansionLocation(location, &file, &line, &column, &offset)
        let path = file.map { library.string(library.getFileName($0)) } ?? "<unknown>"
        return SourceLocation(file: path, line: Int(line), column: Int(column))
    }

    // MARK: - Swift's view

    func enumDeclarations() -> [EnumDeclaration] {
        enums.compactMap { found in
            let typedef = typedefNames[found.usr]
            let cName = found.tagName.isEmpty || found.tagName.contains("(") ? typedef?.name ?? "" : found.tagName
            guard !cName.isEmpty else { return nil }
            let swiftName = Self.attributeArgument("swift_name", in: Self.declarationHead(found.prettyPrinted)) ?? cName
            let extensibility: CEnumImport.Extensibility
            switch Self.attributeArgument("enum_extensibility", in: found.prettyPrinted) {
            case "closed": extensibility = .closed
            case "open": extensibility = .open
            default: extensibility = .none
            }
            // Constants with the value of an earlier one become static properties in Swift, not cases.
            var seenValues = Set<Int64>()
            let cases = found.constants.filter { seenValues.insert($0.value).inserted }
            let names = SwiftImportNaming.caseNames(enumName: cName, constants: cases.map(\.name))
            let comment = found.comment + "\n" + (typedef?.comment ?? "")
            return EnumDeclaration(
                name: String(swiftName.split(separator: ".").last ?? Substring(swiftName)),
                qualifiedNameComponents: swiftName.split(separator: ".").map(String.init),
                location: found.location, declaredAccess: .public,
                annotations: AnnotationParser.annotations(inComments: comment),
                cases: zip(cases, names).compactMap { constant, importedName in
                    // `swift_name` wins; otherwise a constant left with no name after the prefix is not a case.
                    guard let name = Self.attributeArgument("swift_name", in: constant.prettyPrinted) ?? importedName
                    else { return nil }
                    return EnumCaseDeclaration(name: name, location: constant.location)
                },
                cImport: CEnumImport(extensibility: extensibility, cName: cName))
        }
    }

    /// The declaration up to its body, so an enumerator's attributes are not taken for the enum's.
    private static func declarationHead(_ prettyPrinted: String) -> String {
        prettyPrinted.firstIndex(of: "{").map { String(prettyPrinted[..<$0]) } ?? prettyPrinted
    }

    /// `swift_name("halted")` → `halted`; `enum_extensibility("closed")` → `closed`.
    static func attributeArgument(_ attribute: String, in text: String) -> String? {
        guard let start = text.firstRange(of: attribute + "(") else { return nil }
        let rest = text[start.upperBound...]
        guard let end = rest.firstIndex(of: ")") else { return nil }
        let argument = rest[..<end].drop { $0 == "\"" || $0 == " " }
        return String(argument.reversed().drop { $0 == "\"" || $0 == " " }.reversed())
    }
}
