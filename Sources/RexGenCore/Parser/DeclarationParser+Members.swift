extension DeclarationParser {
    mutating func parseVariable(_ prefix: Prefix) {
        if !prefix.isStatic, case .type = currentScope.kind, let state = currentScope.reactorStateIndex {
            return parseStoredProperties(prefix, into: state)
        }
        advance()
        if token.kind == .identifier {
            let nameToken = token
            advance()
            recordMember(nameToken, kind: .property, isStatic: prefix.isStatic,
                         typeText: file.isSourceryOutput && token.kind == .colon ? readPropertyType() : nil)
        } else if token.kind == .leftParen {
            // `let (a, b) = …`: every name in the tuple pattern is a member.
            var depth = 0
            repeat {
                switch token.kind {
                case .leftParen: depth += 1
                case .rightParen: depth -= 1
                case .identifier where depth == 1 && (peek().kind == .comma || peek().kind == .rightParen):
                    recordMember(token, kind: .property, isStatic: prefix.isStatic)
                case .endOfFile, .leftBrace, .rightBrace: return
                default: break
                }
                advance()
            } while depth > 0
        }
    }

    mutating func parseFunction(_ prefix: Prefix) {
        advance()
        if token.kind == .identifier {
            recordMember(token, kind: .function, isStatic: prefix.isStatic)
            if currentScope.reactorStateIndex != nil { noteReactorFunction(token, isStatic: prefix.isStatic) }
            advance()
        }
    }

    /// At the `:` of `var name: Type { … }` or `= …`: the type, up to the body, the initial value, the next
    /// binding (`, other: Type`) or the end of the line outside brackets.
    mutating func readPropertyType() -> String {
        advance()
        var type = TextCollector()
        var depth = 0
        while token.kind != .endOfFile, token.kind != .semicolon, token.kind != .rightBrace,
              depth > 0 || (token.kind != .leftBrace && token.kind != .equal && token.kind != .comma
                  && (!token.isAtLineStart || type.isEmpty)) {
            switch token.kind {
            case .leftParen, .leftBracket, .lessThan: depth += 1
            case .rightParen, .rightBracket, .greaterThan: depth = max(0, depth - 1)
            default: break
            }
            type.append(token, from: bytes)
            advance()
        }
        return type.text
    }

    mutating func recordMember(_ nameToken: Token, kind: MemberDeclaration.Kind, isStatic: Bool,
                                       typeText: String? = nil) {
        // The scope is read in place: a copy of it (its path and names) would be retained and released for
        // every property and function in every type.
        let scope = scopes.count - 1
        guard !scopes[scope].isLocal, scopes[scope].holdsDeclarations, !scopes[scope].path.isEmpty else { return }
        // A member declared in a struct's, class's, actor's or protocol's own body can never be an enum's,
        // which is all members are read for (a generated property must not collide with one). Most members
        // of an app are such: kept, they were a sixth of a large app's model. A file Sourcery wrote is
        // read whole, since it is compared with what RexGen would write.
        if case .type = scopes[scope].kind, !file.isSourceryOutput { return }
        file.members.append(MemberDeclaration(
            ownerName: scopes[scope].qualifiedName, name: name(of: nameToken), kind: kind,
            isStatic: isStatic, location: location(of: nameToken.start), typeText: typeText))
    }

    /// `typealias Name<T> = Target`: the target runs to the end of the line, or further while brackets are
    /// open, but never across a brace, a `;` or a line that starts another declaration.
    mutating func parseTypeAlias(_ prefix: Prefix) {
        advance()
        guard token.kind == .identifier else { return }
        let nameToken = token
        advance()
        if token.kind == .lessThan {
            var ignored = TextCollector()
            readAngleBrackets(into: &ignored)
        }
        guard token.kind == .equal else { return }
        advance()
        var target = TextCollector()
        var depth = 0
        while token.kind != .endOfFile, token.kind != .semicolon, token.kind != .leftBrace,
              token.kind != .rightBrace, depth > 0 || !token.isAtLineStart || target.isEmpty,
              !startsDeclarationLine() {
            switch token.kind {
            case .leftParen, .leftBracket, .lessThan: depth += 1
            case .rightParen, .rightBracket, .greaterThan: depth = max(0, depth - 1)
            default: break
            }
            target.append(token, from: bytes)
            advance()
        }
        guard !currentScope.isLocal, currentScope.holdsDeclarations else { return }
        let spi = (prefix.attributes + currentScope.inheritedAttributes).filter(InheritedAttributes.isSPI)
        file.typeAliases.append(TypeAliasDeclaration(
            qualifiedName: (currentScope.path + [name(of: nameToken)]).joined(separator: "."),
            targetText: target.text, location: location(of: nameToken.start),
            spiAttributes: spi.isEmpty ? [] : Array(Set(spi)).sorted()))
    }

    mutating func parseImport(_ prefix: Prefix) {
        guard scopes.count == 1 else { return advance() }
        var collector = TextCollector()
        for attribute in prefix.attributes
        where attribute == "@testable" || attribute == "@_exported" || attribute.hasPrefix("@preconcurrency")
            // A file that imports a module's SPI names its SPI types, and so does a generated file copying it.
            || InheritedAttributes.isSPI(attribute) {
            collector.appendRaw(attribute + " ")
        }
        if let access = prefix.access { collector.appendRaw(access.rawValue + " ") }
        collector.appendRaw("import")
        advance()
        while token.kind != .endOfFile, !token.isAtLineStart, token.kind != .semicolon {
            collector.append(token, from: bytes)
            advance()
        }
        file.imports.append(ImportDeclaration(text: Self.shared(collector.text), ifConfig: ifStack))
    }

    /// The imports nearly every file has, as literals: a literal's text lives in the binary, whereas each
    /// file's own copy of `import Foundation` (longer than a string holds inline) is an allocation of its
    /// own, kept by the model for the whole run.
    private static let commonImports = ["import Foundation", "import SwiftUI", "import Combine", "import UIKit",
                                        "import SwiftRex", "import CombineRex", "import CombineFeedback",
                                        "import ReactiveSwift", "import CasePaths", "import Dispatch"]

    private static func shared(_ text: String) -> String {
        commonImports.first { $0 == text } ?? text
    }
}
