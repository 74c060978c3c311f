/// Writes DESIGN.md's "Output 2": per root, `<Root>Convertible`, its conformances, and the one-call
/// `liftTo<Root>` extensions on SwiftRex 0.8's `Reducer`, `MiddlewareProtocol` and `StoreType`.
public enum LiftRenderer {
    public static let fileName = "ActionLifts.generated.swift"
    public static let purpose = "SwiftRex 0.8 lift extensions for the action tree."

    public static func render(_ plan: LiftPlan) -> GeneratedFile {
        var writer = SwiftCodeWriter()
        writer.line(GeneratedFile.header(purpose: purpose))
        writer.line()
        writer.line("#if canImport(SwiftRex)")
        writer.line("import SwiftRex")
        ImportsRenderer.write(plan.imports, to: &writer)
        for root in plan.roots {
            writeRoot(root, to: &writer)
        }
        writer.line()
        writer.line("#endif")
        return GeneratedFile(name: fileName, contents: writer.text)
    }

    private static func writeRoot(_ root: RootPlan, to writer: inout SwiftCodeWriter) {
        let access = root.access.memberKeyword
        let rootType = root.declaration.qualifiedNameForExtension
        let camel = root.camelName
        let protocolName = root.protocolName
        writer.line()
        writer.line("// MARK: - \(root.declaration.qualifiedName)")
        writer.line()
        writer.conditionally(root.declaration.ifConfig) { writer in
            writer.line("/// An action that \(rootType) can carry: extracted from it and wrapped into it through every level.")
            writer.line("\(access) protocol \(protocolName) {")
            writer.indented { writer in
                writer.line("/// The action inside `\(camel)`, or nil when `\(camel)` is not on this action's path.")
                writer.line("init?(\(camel): \(rootType))")
                writer.line("/// This action wrapped into the root action.")
                writer.line("var \(camel): \(rootType) { get }")
            }
            writer.line("}")
            // A root may have thousands of conformances, each written on its own: on every core.
            let conformances = Parallel.map(count: root.conformances.count, chunk: 64) { index in
                var part = SwiftCodeWriter()
                part.line()
                writeConformance(root.conformances[index], camel: camel, rootType: rootType, protocolName: protocolName,
                                 to: &part)
                return part.text
            }
            conformances.forEach { writer.append(unindented: $0) }
            writer.line()
            writeReducerLifts(access: access, rootType: rootType, protocolName: protocolName, root: root, to: &writer)
            writer.line()
            writeMiddlewareLifts(access: access, rootType: rootType, protocolName: protocolName, root: root, to: &writer)
            writer.line()
            writer.line("extension StoreType where ActionType == \(rootType) {")
            writer.indented { writer in
                writer.line("/// A store for a view that sends `ViewAction`s and reads `ViewState`.")
                writer.line("\(access) func projection<ViewAction: \(protocolName), ViewState>(")
                writer.line("    for viewAction: ViewAction.Type,")
                writer.line("    state: @escaping (StateType) -> ViewState")
                writer.line(") -> StoreProjection<ViewAction, ViewState> {")
                writer.line("    projection(action: { $0.\(camel) }, state: state)")
                writer.line("}")
            }
            writer.line("}")
        }
    }

    private static func writeConformance(_ conformance: ConformancePlan, camel: String, rootType: String,
                                         protocolName: String, to writer: inout SwiftCodeWriter) {
        let access = conformance.access.memberKeyword
        writer.conditionally(conformance.ifConfig) { writer in
            conformance.availability.forEach { writer.line($0) }
            writer.line("extension \(conformance.declaration.qualifiedNameForExtension): \(protocolName)\(conformance.whereClause) {")
            writer.indented { writer in
                if conformance.path.isEmpty {
                    writer.line("\(access) init?(\(camel): \(rootType)) { self = \(camel) }")
                    writer.line("\(access) var \(camel): \(rootType) { self }")
                } else {
                    writer.line("\(access) init?(\(camel): \(rootType)) {")
                    writer.line("    guard case let \(conformance.extractionPattern) = \(camel) else { return nil }")
                    writer.line("    self = value")
                    writer.line("}")
                    writer.line("\(access) var \(camel): \(rootType) { \(conformance.embedding) }")
                }
            }
            writer.line("}")
        }
    }

    private static func writeReducerLifts(access: String, rootType: String, protocolName: String, root: RootPlan,
                                          to writer: inout SwiftCodeWriter) {
        let lift = "liftTo\(root.joinedName)"
        let camel = root.camelName
        writer.line("extension Reducer where ActionType: \(protocolName) {")
        writer.indented { writer in
            writer.line("/// Runs this reducer on its own actions inside `\(rootType)`, on the part of `GlobalState` at `state`.")
            writer.line("\(access) func \(lift)<GlobalState>(")
            writer.line("    state: WritableKeyPath<GlobalState, StateType>")
            writer.line(") -> Reducer<\(rootType), GlobalState> {")
            writer.line("    lift(")
            writer.line("        actionGetter: { ActionType(\(camel): $0) },")
            writer.line("        stateGetter: { $0[keyPath: state] },")
            writer.line("        stateSetter: { $0[keyPath: state] = $1 }")
            writer.line("    )")
            writer.line("}")
            writer.line()
            writer.line("/// Runs this reducer on its own actions inside `\(rootType)`, on the same state.")
            writer.line("\(access) func \(lift)() -> Reducer<\(rootType), StateType> {")
            writer.line("    lift(actionGetter: { ActionType(\(camel): $0) }, stateGetter: { $0 }, stateSetter: { $0 = $1 })")
            writer.line("}")
        }
        writer.line("}")
    }

    private static func writeMiddlewareLifts(access: String, rootType: String, protocolName: String, root: RootPlan,
                                             to writer: inout SwiftCodeWriter) {
        let lift = "liftTo\(root.joinedName)"
        let camel = root.camelName
        let variants: [(constraint: String, output: String, doc: String)] = [
            ("OutputActionType: \(protocolName)", "{ $0.\(camel) }",
             "its output wrapped back into `\(rootType)`"),
            // A closure whose single expression is `Never` fits any return type, and unlike `switch $0 {}`
            // draws no "will never be executed" warning.
            ("OutputActionType == Never", "{ $0 }",
             "for middlewares that never dispatch"),
        ]
        for (index, variant) in variants.enumerated() {
            if index > 0 { writer.line() }
            writer.line("extension MiddlewareProtocol where InputActionType: \(protocolName), \(variant.constraint) {")
            writer.indented { writer in
                writer.line("/// Receives its own actions from `\(rootType)`, \(variant.doc); `state` may be a key path.")
                writer.line("\(access) func \(lift)<GlobalState>(")
                writer.line("    state: @escaping (GlobalState) -> StateType")
                writer.line(") -> LiftMiddleware<\(rootType), \(rootType), GlobalState, Self> {")
                writer.line("    lift(inputAction: { InputActionType(\(camel): $0) }, outputAction: \(variant.output), state: state)")
                writer.line("}")
                writer.line()
                writer.line("/// Receives its own actions from `\(rootType)`, \(variant.doc), on the same state.")
                writer.line("\(access) func \(lift)() -> LiftMiddleware<\(rootType), \(rootType), StateType, Self> {")
                writer.line("    lift(inputAction: { InputActionType(\(camel): $0) }, outputAction: \(variant.output), state: { $0 })")
                writer.line("}")
            }
            writer.line("}")
        }
    }
}
