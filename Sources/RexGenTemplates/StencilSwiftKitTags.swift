import RexGenCore
import Stencil

/// The tags Sourcery templates use beyond Stencil's own, which come from StencilSwiftKit (not available
/// here, so RexGen provides the same syntax):
/// - `{% set name %}…{% endset %}` or `{% set name expression %}`;
/// - `{% macro name a b %}…{% endmacro %}` and `{% call name x y %}`;
/// - `{% map items into result using item %}…{% endmap %}` (with `maploop.counter`, `.first`, `.last`).
enum StencilSwiftKitTags {
    static func register(in templateExtension: Extension) {
        templateExtension.registerTag("set", parser: SetNode.parse)
        templateExtension.registerTag("macro", parser: MacroNode.parse)
        templateExtension.registerTag("call", parser: CallNode.parse)
        templateExtension.registerTag("map", parser: MapNode.parse)
    }
}

private final class SetNode: NodeType {
    let name: String
    let content: Content
    let token: Stencil.Token?

    enum Content {
        case nodes([NodeType])
        case value(Resolvable)
    }

    init(name: String, content: Content, token: Stencil.Token) {
        self.name = name
        self.content = content
        self.token = token
    }

    static func parse(_ parser: TokenParser, _ token: Stencil.Token) throws -> NodeType {
        let components = token.components
        switch components.count {
        case 2:
            let nodes = try parser.parse(until(["endset"]))
            guard parser.nextToken() != nil else { throw TemplateSyntaxError("'set' has no matching 'endset'") }
            return SetNode(name: components[1], content: .nodes(nodes), token: token)
        case 3:
            return SetNode(name: components[1], content: .value(try parser.compileResolvable(components[2], containedIn: token)),
                           token: token)
        default:
            throw TemplateSyntaxError("'set' takes a variable name and optionally a value: {% set name %} or {% set name value %}")
        }
    }

    func render(_ context: Context) throws -> String {
        switch content {
        case .nodes(let nodes): context[name] = try renderNodes(nodes, context)
        case .value(let value): context[name] = try value.resolve(context)
        }
        return ""
    }
}

/// A macro's body and parameters, kept in the context under its name until `call` renders it.
private final class MacroDefinition {
    let parameters: [String]
    let nodes: [NodeType]

    init(parameters: [String], nodes: [NodeType]) {
        self.parameters = parameters
        self.nodes = nodes
    }
}

private final class MacroNode: NodeType {
    let name: String
    let definition: MacroDefinition
    let token: Stencil.Token?

    init(name: String, definition: MacroDefinition, token: Stencil.Token) {
        self.name = name
        self.definition = definition
        self.token = token
    }

    static func parse(_ parser: TokenParser, _ token: Stencil.Token) throws -> NodeType {
        let components = token.components
        guard components.count >= 2 else { throw TemplateSyntaxError("'macro' needs a name: {% macro name a b %}") }
        let nodes = try parser.parse(until(["endmacro"]))
        guard parser.nextToken() != nil else { throw TemplateSyntaxError("'macro' has no matching 'endmacro'") }
        return MacroNode(name: components[1],
                         definition: MacroDefinition(parameters: Array(components.dropFirst(2)), nodes: nodes),
                         token: token)
    }

    func render(_ context: Context) throws -> String {
        context[name] = definition
        return ""
    }
}

private final class CallNode: NodeType {
    let name: String
    let arguments: [Resolvable]
    let token: Stencil.Token?

    init(name: String, arguments: [Resolvable], token: Stencil.Token) {
        self.name = name
        self.arguments = arguments
        self.token = token
    }

    static func parse(_ parser: TokenParser, _ token: Stencil.Token) throws -> NodeType {
        let components = token.components
        guard components.count >= 2 else { throw TemplateSyntaxError("'call' needs a macro name: {% call name x y %}") }
        let arguments = try components.dropFirst(2).map { try parser.compileResolvable($0, containedIn: token) }
        return CallNode(name: components[1], arguments: arguments, token: token)
    }

    func render(_ context: Context) throws -> String {
        guard let definition = context[name] as? MacroDefinition else {
            throw TemplateSyntaxError(reason: "unknown macro '\(name)'", token: token)
        }
        guard definition.parameters.count == arguments.count else {
            throw TemplateSyntaxError(reason: "macro '\(name)' takes \(definition.parameters.count) arguments, "
                + "given \(arguments.count)", token: token)
        }
        var frame: [String: Any] = [:]
        for (parameter, argument) in zip(definition.parameters, arguments) {
            frame[parameter] = try argument.resolve(context) ?? ""
        }
        return try context.push(dictionary: frame) { try renderNodes(definition.nodes, context) }
    }
}

private final class MapNode: NodeType {
    let items: Resolvable
    let resultName: String
    let itemName: String?
    let nodes: [NodeType]
    let token: Stencil.Token?

    init(items: Resolvable, resultName: String, itemName: String?, nodes: [NodeType], token: Stencil.Token) {
        self.items = items
        self.resultName = resultName
        self.itemName = itemName
        self.nodes = nodes
        self.token = token
    }

    static func parse(_ parser: TokenParser, _ token: Stencil.Token) throws -> NodeType {
        let components = token.components
        guard components.count == 4 && components[2] == "into"
            || components.count == 6 && components[2] == "into" && components[4] == "using" else {
            throw TemplateSyntaxError("'map' syntax: {% map items into result using item %}…{% endmap %}")
        }
        let nodes = try parser.parse(until(["endmap"]))
        guard parser.nextToken() != nil else { throw TemplateSyntaxError("'map' has no matching 'endmap'") }
        return MapNode(items: try parser.compileResolvable(components[1], containedIn: token), resultName: components[3],
                       itemName: components.count == 6 ? components[5] : nil, nodes: nodes, token: token)
    }

    func render(_ context: Context) throws -> String {
        let values = try items.resolve(context)
        let array: [Any] = (values as? [Any]) ?? (values.map { [$0] } ?? [])
        var results: [String] = []
        for (index, item) in array.enumerated() {
            var frame: [String: Any] = ["maploop": ["counter": index, "first": index == 0,
                                                    "last": index == array.count - 1, "item": item]]
            if let itemName { frame[itemName] = item }
            results.append(try context.push(dictionary: frame) { try renderNodes(nodes, context) })
        }
        context[resultName] = results
        return ""
    }
}
