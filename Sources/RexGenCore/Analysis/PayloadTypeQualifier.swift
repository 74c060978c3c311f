/// Rewrites a payload's type text so that it means, in an extension written at file scope, what it means
/// where the enum declares it.
///
/// Inside `enum Movies { enum Event { case picker(Picker.Event) } }` the name `Picker` is found by Swift's
/// lexical lookup in `Movies`; in `extension Movies.Event { … }` it is not in scope. Each name that starts a
/// type (every generic argument, tuple element, function parameter and result included) is looked up the way
/// the compiler does: the enum's own members and generic parameters first, then each enclosing type's members
/// and generic parameters outward, stopping at an extension (whose extended type's own enclosing types are not
/// searched). A name found in an enclosing type is written with that type's qualified name
/// (`Movies.Picker.Event`); a name found in the enum itself, as a generic parameter, or nowhere in the
/// sources (top level, another module) is kept as written, but for a member of the enum named like a generic
/// parameter of a type around it, which the extension finds first (`Rack<Tag>.Action.Tag` is written so).
package struct PayloadTypeQualifier: Sendable {
    /// Qualified names of every nested type and typealias the sources and references declare (a lookup
    /// always asks for `Scope.Name`, so top-level names are never needed), and of those only references
    /// declare: another module's `State.ItemAction` is no member of the sources' own `State`.
    private let declaredNames: Set<String>
    private let declaredOnlyByReferences: Set<String>
    /// The types the sources declare, and the sources' files.
    private let sourceTypeNames: Set<String>
    private let sourceFiles: Set<String>
    /// The last component of each nested declared name: a type text mentioning none of these is returned
    /// as it is without any lookup, which is nearly every payload (`Int`, `String`, `MovieAction`).
    private let nestedSimpleNames: Set<Substring>
    private let types: TypeIndex

    package init(model: SourceModel) {
        var names = Set<String>()
        var sourceNames = Set<String>()
        var simple = Set<Substring>()
        var isSource = true
        func add(_ qualifiedName: String) {
            let last = TypeNameResolver.lastComponent(qualifiedName)
            guard last.utf8.count < qualifiedName.utf8.count else { return }
            names.insert(qualifiedName)
            if isSource { sourceNames.insert(qualifiedName) }
            simple.insert(last)
        }
        var sourceTypeNames = Set<String>()
        // `while` loops over a modular app's tens of thousands of files: see `SourceFileCollector.collect`.
        let files = model.allFiles
        var position = 0
        while position < files.count {
            let file = files[position]
            isSource = position < model.files.count
            position += 1
            var index = 0
            while index < file.types.count {
                add(file.types[index].qualifiedName)
                if isSource { sourceTypeNames.insert(file.types[index].qualifiedName) }
                index += 1
            }
            index = 0
            while index < file.typeAliases.count {
                add(file.typeAliases[index].qualifiedName)
                index += 1
            }
        }
        declaredNames = names
        declaredOnlyByReferences = model.referenceFiles.isEmpty ? [] : names.subtracting(sourceNames)
        self.sourceTypeNames = model.referenceFiles.isEmpty ? [] : sourceTypeNames
        sourceFiles = model.referenceFiles.isEmpty ? [] : Set(model.files.map(\.path))
        nestedSimpleNames = simple
        types = model.types
    }

    /// Whether the sources declare a member type or typealias of `declaration` named `name`.
    package func declaresMember(_ name: String, of declaration: EnumDeclaration) -> Bool {
        isMember(name, of: declaration.qualifiedName, seenFrom: declaration)
    }

    /// Whether `scope.name` is a member type or typealias of `scope` as `declaration`'s module sees it: for
    /// an enum of the sources, not one that only another module declares of a type the sources declare too.
    private func isMember(_ name: String, of scope: String, seenFrom declaration: EnumDeclaration) -> Bool {
        let member = scope + "." + name
        guard declaredNames.contains(member) else { return false }
        return !declaredOnlyByReferences.contains(member) || !sourceTypeNames.contains(scope)
            || !sourceFiles.contains(declaration.location.file)
    }

    /// The type text as generated code must write it in an extension of `declaration`.
    package func qualified(_ typeText: String, in declaration: EnumDeclaration) -> String {
        // A top-level enum has no enclosing type whose members it could name: nearly every enum, at no cost.
        guard declaration.qualifiedNameComponents.count > 1, !nestedSimpleNames.isEmpty else { return typeText }
        let names = TypeTextNames(typeText)
        guard names.starts.contains(where: { nestedSimpleNames.contains($0.name) }) else { return typeText }
        guard case .text(let text) = rewrite(typeText, names: names, in: declaration, fileScopeArguments: nil) else {
            return typeText  // not reached: only file scope needs arguments
        }
        return text
    }

    /// What `qualifiedAtFileScope` gives.
    package enum FileScopeText: Equatable {
        case text(String)
        /// The text names `name`, which at file scope needs the arguments of generic type `scope`.
        case needsArguments(name: String, scope: String)
    }

    /// The type text as a declaration at file scope (a conformance's `where` clause) must write it to mean what
    /// it means in a case of `declaration`: a generic parameter of the enum or of a type around it becomes that
    /// type's argument, and a type nested in the enum or around it is qualified, each generic type on the way
    /// given its arguments.
    /// - Parameter arguments: the arguments of the enum and of the generic types around it, by qualified name.
    package func qualifiedAtFileScope(_ typeText: String, in declaration: EnumDeclaration,
                                      arguments: [String: [String]]) -> FileScopeText {
        rewrite(typeText, names: TypeTextNames(typeText), in: declaration, fileScopeArguments: arguments)
    }

    /// - Parameter fileScopeArguments: nil for text in an extension of the enum.
    private func rewrite(_ typeText: String, names: TypeTextNames, in declaration: EnumDeclaration,
                         fileScopeArguments: [String: [String]]?) -> FileScopeText {
        var result = ""
        var copied = typeText.startIndex
        for start in names.starts {
            let name = String(start.name)
            let replacement: String
            switch resolve(name, from: declaration, atFileScope: fileScopeArguments != nil) {
            case nil:
                continue
            case .parameter(let scope, let index)?:
                guard let arguments = fileScopeArguments?[scope], arguments.indices.contains(index) else {
                    return .needsArguments(name: name, scope: scope)
                }
                replacement = arguments[index]
            case .member(let scope)?:
                let rest = typeText[start.range.upperBound...]
                switch (written(scope, fileScopeArguments: fileScopeArguments),
                        ownArguments(of: scope.joined(separator: ".") + "." + name, writtenAs: rest, in: declaration,
                                     fileScopeArguments: fileScopeArguments)) {
                case (.success(let written), .success(let arguments)):
                    replacement = written + "." + typeText[start.range] + arguments
                case (.failure(let missing), _), (_, .failure(let missing)):
                    return .needsArguments(name: name, scope: missing.scope)
                }
            }
            result += typeText[copied..<start.range.lowerBound]
            result += replacement
            copied = start.range.upperBound
        }
        return .text(result + typeText[copied...])
    }

    /// What makes a name `qualified` writes from an enclosing type mean something else in an extension of the
    /// enum (nil when nothing does): every such name starts with the enum's outermost type (`Case.Any.Event`),
    /// and in the extension a member type of the enum with that name (`Case.State.Case`), or a generic
    /// parameter of the enum or of any type around it (`Case.Box<Case>.Inner`), is found first. No text without
    /// the module's name then means the payload's type.
    package func qualificationShadow(in declaration: EnumDeclaration) -> QualificationShadow? {
        let components = declaration.qualifiedNameComponents
        guard components.count > 1 else { return nil }
        let member = declaration.qualifiedName + "." + components[0]
        if isMember(components[0], of: declaration.qualifiedName, seenFrom: declaration) { return .member(member) }
        let scopes = types.scopes(along: components, own: declaration.genericParameterNames)
        return scopes.last { $0.genericParameters.contains(components[0]) }.map { .genericParameter(of: $0.name) }
    }

    package enum QualificationShadow: Equatable {
        /// The enum's own member type of that name, by qualified name.
        case member(String)
        /// A generic parameter of the enum or of a type around it, which is named so.
        case genericParameter(of: String)
    }

    /// The names in `typeText` that Swift may resolve to a member of a type the sources do not declare, so
    /// that no text RexGen writes is sure to mean the same type.
    ///
    /// In `extension OpenAPI.Error.Decoding { struct Operation { enum Context { case request(Request) } } }`,
    /// compiled in a module that does not declare `OpenAPI.Error.Decoding`, `Request` may be that type's
    /// member (declared in its own module) or a top-level type: only a lookup from inside the extension tells.
    /// A name is sure when it is a generic parameter or a member the sources declare of the enum or of a type
    /// between it and the extension, or when it is module-qualified (`Swift.Int`, `Foundation.URL` with
    /// `Foundation` among `importedModules`).
    package func namesResolvedOutsideTheSources(_ typeText: String, in declaration: EnumDeclaration,
                                                importedModules: Set<Substring>) -> [Substring] {
        guard case .extension(let extendedType, _)? = declaration.enclosingScopes.first, types[extendedType] == nil
        else { return [] }
        let components = declaration.qualifiedNameComponents
        let extensionDepth = extendedType.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
        let scopes = types.scopes(along: components, own: declaration.genericParameterNames)
        return TypeTextNames(typeText).starts.compactMap { start in
            let name = String(start.name)
            if declaration.genericParameterNames.contains(name) { return nil }
            let rest = typeText[start.range.upperBound...]
            if rest.hasPrefix("."), start.name == "Swift" || importedModules.contains(start.name) { return nil }
            var depth = components.count
            while depth >= extensionDepth {
                let scope = scopes[depth - 1]
                if isMember(name, of: scope.name, seenFrom: declaration)
                    || (depth < components.count && scope.genericParameters.contains(name)) {
                    return nil
                }
                depth -= 1
            }
            return start.name
        }
    }

    private enum Resolution {
        /// A member type of the type with these components.
        case member(ArraySlice<String>)
        /// The `index`-th generic parameter of the type named `scope`.
        case parameter(scope: String, index: Int)
    }

    /// What `name` means, as Swift would find it from a case of `declaration`, when that is not what it means
    /// where generated code writes it (in an extension of the enum, or at file scope); nil otherwise.
    private func resolve(_ name: String, from declaration: EnumDeclaration, atFileScope: Bool) -> Resolution? {
        let components = declaration.qualifiedNameComponents
        if let index = declaration.genericParameterNames.firstIndex(of: name) {
            return atFileScope ? .parameter(scope: declaration.qualifiedName, index: index) : nil
        }
        guard atFileScope || nestedSimpleNames.contains(Substring(name)) else { return nil }
        if !atFileScope, isMember(name, of: declaration.qualifiedName, seenFrom: declaration) {
            // In the enum's body its member is found first; in `extension A.B { … }` a generic parameter of `A`
            // is, so the member is then written qualified (`A<T>.B.T`).
            let isHiddenInTheExtension = types.scopes(along: Array(components.dropLast()))
                .contains { $0.genericParameters.contains(name) }
            return isHiddenInTheExtension ? .member(components[...]) : nil
        }
        // Lookup from inside `extension A.B { … }` searches A.B but not A.
        var innermostScopeDepth = 1
        if case .extension(let extendedType, _)? = declaration.enclosingScopes.first {
            innermostScopeDepth = extendedType.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
        }
        let scopes = types.scopes(along: components, own: declaration.genericParameterNames)
        var depth = atFileScope ? components.count : components.count - 1
        while depth >= innermostScopeDepth {
            let scope = scopes[depth - 1]
            // A generic parameter shadows a member type of the same name declared in the same type.
            if let index = scope.genericParameters.firstIndex(of: name) {
                return atFileScope ? .parameter(scope: scope.name, index: index) : nil
            }
            if isMember(name, of: scope.name, seenFrom: declaration) { return .member(components.prefix(depth)) }
            depth -= 1
        }
        // The generic parameters of the types around the extension are in scope there, their member types not.
        guard atFileScope else { return nil }
        for scope in scopes.prefix(innermostScopeDepth - 1).reversed() {
            if let index = scope.genericParameters.firstIndex(of: name) { return .parameter(scope: scope.name, index: index) }
        }
        return nil
    }

    fileprivate struct MissingArguments: Error {
        var scope: String
    }

    /// A scope as generated code writes it, each generic type with its arguments (see `arguments(of:…)`).
    private func written(_ scope: ArraySlice<String>, fileScopeArguments: [String: [String]]?)
        -> Result<String, MissingArguments> {
        var parts: [String] = []
        for (index, component) in scope.enumerated() {
            let written = index > 0 && SwiftNames.memberTypeNamesNeedingBackticks.contains(component)
                ? "`\(component)`" : SwiftNames.escaped(component)
            switch arguments(of: scope.prefix(index + 1).joined(separator: "."), fileScopeArguments: fileScopeArguments) {
            case .success(let arguments): parts.append(written + arguments)
            case .failure(let missing): return .failure(missing)
            }
        }
        return .success(parts.joined(separator: "."))
    }
}

extension PayloadTypeQualifier {
    /// `<T>` after `Settings.Intent` when the payload names the enum itself or a type around it bare
    /// (`Intent.Movies` inside `Intent<T>`, where the bare name means `Intent<T>`): qualified, the name alone is
    /// no type. At file scope its arguments are those given.
    fileprivate func ownArguments(of qualifiedName: String, writtenAs rest: Substring, in declaration: EnumDeclaration,
                                  fileScopeArguments: [String: [String]]?) -> Result<String, MissingArguments> {
        guard !rest.hasPrefix("<"), declaration.qualifiedName == qualifiedName
                || declaration.qualifiedName.hasPrefix(qualifiedName + ".") else { return .success("") }
        return arguments(of: qualifiedName, fileScopeArguments: fileScopeArguments)
    }

    /// `<T, U>` after a generic type, whose name alone is no type (`Outer.Inner.Err` with `Outer<T>` does not
    /// compile); nothing after another. Inside an extension of a type nested in it, its parameters are in scope
    /// under their own names, so they are its arguments there; at file scope, the arguments given.
    fileprivate func arguments(of qualifiedName: String, fileScopeArguments: [String: [String]]?)
        -> Result<String, MissingArguments> {
        guard let parameters = types[qualifiedName]?.genericParameterNames, !parameters.isEmpty else { return .success("") }
        guard let fileScopeArguments else {
            return .success("<" + parameters.map { $0.hasPrefix("each ") ? "repeat " + $0 : $0 }.joined(separator: ", ") + ">")
        }
        guard let arguments = fileScopeArguments[qualifiedName] else { return .failure(MissingArguments(scope: qualifiedName)) }
        return .success("<" + arguments.joined(separator: ", ") + ">")
    }
}

/// The names in a type's text that Swift looks up lexically: each identifier that starts a type, as
/// opposed to a member after a dot (`Event` in `Picker.Event`), a tuple or parameter label
/// (`name` in `(name: String)`), an attribute (`@Sendable`, `@convention(c)`) or a keyword (`some`, `any`,
/// `inout`, `throws`, `Self`).
///
/// Read as UTF-8 bytes: every byte of a non-ASCII scalar counts as part of an identifier, which is what such
/// scalars are in type text.
struct TypeTextNames {
    struct Start {
        /// The name without backticks.
        var name: Substring
        /// Where the identifier is written, backticks included.
        var range: Range<String.Index>
    }

    private(set) var starts: [Start] = []
    /// Where `Self` starts a type reference (it is no start: it names the enum, wherever it is declared).
    private(set) var selfRanges: [Range<String.Index>] = []

    private static let keywords: Set<Substring> = [
        "some", "any", "inout", "throws", "rethrows", "async", "sending", "borrowing", "consuming", "each",
        "repeat", "Self", "Any", "Type", "Protocol", "isolated", "nonisolated", "__owned", "__shared", "let", "var",
    ]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var brackets: [UInt8] = []
        var offset = 0
        var previousSignificant = UInt8(ascii: " ")
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "@") {
                offset = Self.skipAttribute(bytes, from: offset + 1)
                previousSignificant = UInt8(ascii: " ")
                continue
            }
            guard Self.startsIdentifier(byte) else {
                switch byte {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): brackets.append(byte)
                case UInt8(ascii: ")"), UInt8(ascii: "]"): _ = brackets.popLast()
                case UInt8(ascii: ">") where previousSignificant != UInt8(ascii: "-"): _ = brackets.popLast()
                default: break
                }
                if byte != UInt8(ascii: " ") { previousSignificant = byte }
                offset += 1
                continue
            }
            let (nameRange, end) = Self.identifier(bytes, from: offset)
            let followsDot = previousSignificant == UInt8(ascii: ".")
            let isLabel = brackets.last == UInt8(ascii: "(") && Self.isLabel(bytes, after: end)
            if !followsDot, !isLabel {
                let name = text[index(nameRange.lowerBound)..<index(nameRange.upperBound)]
                if byte == UInt8(ascii: "`") || !Self.keywords.contains(name) {
                    starts.append(Start(name: name, range: index(offset)..<index(end)))
                } else if name == "Self" {
                    selfRanges.append(index(offset)..<index(end))
                }
            }
            previousSignificant = UInt8(ascii: "a")
            offset = end
        }
    }

    private static func startsIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte == UInt8(ascii: "`") || byte >= 0x80
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    private static func continuesIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// The name's byte range (inside any backticks) and the offset just past the identifier.
    private static func identifier(_ bytes: [UInt8], from start: Int) -> (name: Range<Int>, end: Int) {
        if bytes[start] == UInt8(ascii: "`") {
            var end = start + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "`") { end += 1 }
            return ((start + 1)..<end, min(end + 1, bytes.count))
        }
        var end = start
        while end < bytes.count, continuesIdentifier(bytes[end]) { end += 1 }
        return (start..<end, end)
    }

    /// Inside parentheses, `name:` and `_ name:` are labels: the next significant byte is a colon, or
    /// another identifier and then a colon.
    private static func isLabel(_ bytes: [UInt8], after end: Int) -> Bool {
        var offset = skipSpaces(bytes, from: end)
        guard offset < bytes.count else { return false }
        if bytes[offset] == UInt8(ascii: ":") { return true }
        guard startsIdentifier(bytes[offset]) else { return false }
        offset = skipSpaces(bytes, from: identifier(bytes, from: offset).end)
        return offset < bytes.count && bytes[offset] == UInt8(ascii: ":")
    }

    private static func skipSpaces(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        while offset < bytes.count, bytes[offset] == UInt8(ascii: " ") { offset += 1 }
        return offset
    }

    /// Past an attribute's name and its parenthesised arguments, if any.
    private static func skipAttribute(_ bytes: [UInt8], from start: Int) -> Int {
        var offset = start
        while offset < bytes.count, continuesIdentifier(bytes[offset]) { offset += 1 }
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "(") else { return offset }
        var depth = 0
        repeat {
            if bytes[offset] == UInt8(ascii: "(") { depth += 1 }
            if bytes[offset] == UInt8(ascii: ")") { depth -= 1 }
            offset += 1
        } while depth > 0 && offset < bytes.count
        return offset
    }
}
