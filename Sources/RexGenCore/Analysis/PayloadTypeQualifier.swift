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
    /// always asks for `Scope.Name`, so top-level names are never needed).
    private let declaredNames: Set<String>
    /// The last component of each nested declared name: a type text mentioning none of these is returned
    /// as it is without any lookup, which is nearly every payload (`Int`, `String`, `MovieAction`).
    private let nestedSimpleNames: Set<Substring>
    private let types: TypeIndex

    package init(model: SourceModel) {
        var names = Set<String>()
        var simple = Set<Substring>()
        func add(_ qualifiedName: String) {
            let last = TypeNameResolver.lastComponent(qualifiedName)
            guard last.utf8.count < qualifiedName.utf8.count else { return }
            names.insert(qualifiedName)
            simple.insert(last)
        }
        // `while` loops over a modular app's tens of thousands of files: see `SourceFileCollector.collect`.
        let files = model.allFiles
        var position = 0
        while position < files.count {
            let file = files[position]
            position += 1
            var index = 0
            while index < file.types.count {
                add(file.types[index].qualifiedName)
                index += 1
            }
            index = 0
            while index < file.typeAliases.count {
                add(file.typeAliases[index].qualifiedName)
                index += 1
            }
        }
        declaredNames = names
        nestedSimpleNames = simple
        types = model.types
    }

    /// Whether the sources declare a member type or typealias of `declaration` named `name`.
    package func declaresMember(_ name: String, of declaration: EnumDeclaration) -> Bool {
        declaredNames.contains(declaration.qualifiedName + "." + name)
    }

    /// The type text as generated code must write it in an extension of `declaration`.
    /// - Parameter substitutions: values for the enum's own generic parameters, written in place of them
    ///   (a conformance's `where` clause states a payload of a generic parent in the parent's arguments).
    /// - Parameter outsideTheEnum: the text is written outside any extension of the enum (such as another
    ///   type's `where` clause), so names of the enum's own member types are qualified too.
    package func qualified(_ typeText: String, in declaration: EnumDeclaration,
                           substituting substitutions: [String: String] = [:], outsideTheEnum: Bool = false) -> String {
        // A top-level enum has no enclosing type whose members it could name: nearly every enum, at no cost.
        guard declaration.qualifiedNameComponents.count > 1 || outsideTheEnum || !substitutions.isEmpty,
              !nestedSimpleNames.isEmpty || !substitutions.isEmpty else { return typeText }
        let names = TypeTextNames(typeText)
        guard names.starts.contains(where: { nestedSimpleNames.contains($0.name) || substitutions[String($0.name)] != nil })
        else { return typeText }
        var result = ""
        var copied = typeText.startIndex
        for start in names.starts {
            let replacement: String
            if let value = substitutions[String(start.name)] {
                replacement = value
            } else if let scope = enclosingScope(declaring: String(start.name), from: declaration,
                                                 outsideTheEnum: outsideTheEnum) {
                replacement = scope.written + "." + typeText[start.range]
                    + ownArguments(of: scope.name + "." + start.name, writtenAs: typeText[start.range.upperBound...],
                                   in: declaration, substituting: substitutions, outsideTheEnum: outsideTheEnum)
            } else {
                continue
            }
            result += typeText[copied..<start.range.lowerBound]
            result += replacement
            copied = start.range.upperBound
        }
        return result + typeText[copied...]
    }

    /// Whether a name `qualified` writes from an enclosing type means something else in an extension of the
    /// enum: every such name starts with the enum's outermost type (`Case.Any.Event`), and in the extension
    /// a member type or generic parameter of the enum with that name (`Case.State.Case`) is found first. No
    /// text without the module's name then means the payload's type.
    package func qualificationIsShadowed(in declaration: EnumDeclaration) -> Bool {
        let components = declaration.qualifiedNameComponents
        guard components.count > 1 else { return false }
        return declaredNames.contains(declaration.qualifiedName + "." + components[0])
            || declaration.genericParameterNames.contains(components[0])
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
                if declaredNames.contains(scope.name + "." + name)
                    || (depth < components.count && scope.genericParameters.contains(name)) {
                    return nil
                }
                depth -= 1
            }
            return start.name
        }
    }

    /// The enclosing type that declares `name` as Swift would find it from inside `declaration` (its qualified
    /// name, and as generated code writes it), or nil when the name means what it says at file scope too.
    private func enclosingScope(declaring name: String, from declaration: EnumDeclaration,
                                outsideTheEnum: Bool) -> (name: String, written: String)? {
        guard nestedSimpleNames.contains(Substring(name)) else { return nil }
        let components = declaration.qualifiedNameComponents
        if declaration.genericParameterNames.contains(name) { return nil }
        if !outsideTheEnum, declaredNames.contains(declaration.qualifiedName + "." + name) {
            // In the enum's body its member is found first; in `extension A.B { … }` a generic parameter of `A`
            // is, so the member is then written qualified (`A<T>.B.T`).
            let isHiddenInTheExtension = types.scopes(along: Array(components.dropLast()))
                .contains { $0.genericParameters.contains(name) }
            return isHiddenInTheExtension ? written(components[...], outsideTheEnum: false) : nil
        }
        // Lookup from inside `extension A.B { … }` searches A.B but not A.
        var innermostScopeDepth = 1
        if case .extension(let extendedType, _)? = declaration.enclosingScopes.first {
            innermostScopeDepth = extendedType.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: ".") ? 1 : 0) }
        }
        let scopes = types.scopes(along: components, own: declaration.genericParameterNames)
        var depth = outsideTheEnum ? components.count : components.count - 1
        while depth >= innermostScopeDepth {
            let scope = scopes[depth - 1]
            // A generic parameter shadows a member type of the same name declared in the same type.
            if scope.genericParameters.contains(name) { return nil }
            if declaredNames.contains(scope.name + "." + name) {
                return written(components.prefix(depth), outsideTheEnum: outsideTheEnum)
            }
            depth -= 1
        }
        return nil
    }

    /// A scope's qualified name, and as generated code writes it: with each generic type's own parameters as
    /// its arguments inside an extension of the enum, where they are in scope.
    private func written(_ scope: ArraySlice<String>, outsideTheEnum: Bool) -> (name: String, written: String) {
        (scope.joined(separator: "."), scope.enumerated().map { index, component in
            let written = index > 0 && SwiftNames.memberTypeNamesNeedingBackticks.contains(component)
                ? "`\(component)`" : SwiftNames.escaped(component)
            return outsideTheEnum ? written : written + genericArguments(of: scope.prefix(index + 1))
        }.joined(separator: "."))
    }
}

extension PayloadTypeQualifier {
    /// `<T>` after `Settings.Intent` when the payload names the enum itself or a type around it bare
    /// (`Intent.Movies` inside `Intent<T>`, where the bare name means `Intent<T>`): qualified, the name alone is
    /// no type. Outside the enum its own parameters are written as substituted; a type around it is left as
    /// written there (no argument is known for it).
    fileprivate func ownArguments(of qualifiedName: String, writtenAs rest: Substring, in declaration: EnumDeclaration,
                                  substituting substitutions: [String: String], outsideTheEnum: Bool) -> String {
        guard !rest.hasPrefix("<"), declaration.qualifiedName == qualifiedName
                || declaration.qualifiedName.hasPrefix(qualifiedName + "."),
              let parameters = types[qualifiedName]?.genericParameterNames, !parameters.isEmpty else { return "" }
        guard outsideTheEnum else {
            return "<" + parameters.map { $0.hasPrefix("each ") ? "repeat " + $0 : $0 }.joined(separator: ", ") + ">"
        }
        let values = parameters.compactMap { substitutions[$0] }
        guard qualifiedName == declaration.qualifiedName, values.count == parameters.count else { return "" }
        return "<" + values.joined(separator: ", ") + ">"
    }

    /// `<T, U>` for a generic enclosing type, whose name alone is no type (`Outer.Inner.Err` with
    /// `Outer<T>` does not compile): inside an extension of a type nested in it, its parameters are in scope
    /// under their own names, so they are its arguments there.
    fileprivate func genericArguments(of scope: ArraySlice<String>) -> String {
        guard let parameters = types[scope.joined(separator: ".")]?.genericParameterNames, !parameters.isEmpty
        else { return "" }
        return "<" + parameters.map { $0.hasPrefix("each ") ? "repeat " + $0 : $0 }.joined(separator: ", ") + ">"
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
