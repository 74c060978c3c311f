import RexGenCore
import Stencil

/// The values a template sees. Keys follow Sourcery's where the job overlaps (`types.enums`, `type.name`,
/// `type.accessLevel`, `case.hasAssociatedValue`, `value.localName`, `value.typeName`, `annotations`,
/// `based`, `argument`), so Sourcery enum templates run unchanged; RexGen's own analysis (what to generate,
/// the exact property text, the action tree and lifts) is added under names Sourcery does not use.
/// The keys are documented in docs/Templates.md.
public enum TemplateContext {
    public static func make(_ result: Pipeline.Result, selection: SelectionRules,
                            arguments: [String: TemplateArgument]) -> [String: Any] {
        let resolver = AccessResolver(types: result.model.types)
        let qualifier = PayloadTypeQualifier(model: result.model)
        var plannedByLocation: [SourceLocation: PlannedEnum] = [:]
        for planned in result.enumProperties.enums { plannedByLocation[planned.declaration.location] = planned }

        let carried = selection.carriedTypeNames(in: result.model)
        let enums = result.model.files.flatMap(\.enums).filter { !$0.isLocal }.map { declaration in
            let access = plannedByLocation[declaration.location]?.access
                ?? resolver.effectiveAccess(declared: declaration.declaredAccess, enclosing: declaration.enclosingScopes)
            return typeObject(declaration, access: access, planned: plannedByLocation[declaration.location],
                              selected: selection.isSelected(declaration, carriedTypeNames: carried), qualifier: qualifier)
        }
        // Only what the default output generates: cases with at least one property, enums with such cases.
        let plannedEnums: [TemplateObject] = result.enumProperties.enums.compactMap { planned in
            let generating = planned.cases.filter { $0.generatesValueProperty || $0.generatesIsProperty }
            guard !generating.isEmpty || planned.generatesCasePaths else { return nil }
            return typeObject(planned.declaration, access: planned.access, planned: planned, selected: true,
                              qualifier: qualifier, cases: generating.map {
                                  caseObject($0.declaration, planned: $0, enumAttributes: planned.declaration.attributes,
                                             enumIsNoncopyable: planned.declaration.isNoncopyable)
                              })
        }
        var context: [String: Any] = [
            "argument": arguments.mapValues(\.templateValue),
            "types": ["enums": enums, "all": enums],
            "enumProperties": ["enums": plannedEnums, "imports": imports(result.enumProperties.imports)],
            "roots": treeRoots(result.actionTree),
        ]
        if let lifts = result.lifts {
            var liftValues: [String: Any] = [
                "roots": lifts.roots.map { rootObject($0, in: lifts) }, "imports": imports(lifts.imports),
                "frameworkImports": LiftRenderer.frameworkImports(lifts).map { TemplateObject(["module": $0.module, "imports": $0.imports]) },
            ]
            // Absent, not nil, without Reactor: a template tests it with `{% if lifts.reactor %}`.
            if let reactor = lifts.reactor { liftValues["reactor"] = reactorObject(reactor) }
            context["lifts"] = liftValues
        }
        return context
    }

    // MARK: - Enums

    static func typeObject(_ declaration: EnumDeclaration, access: AccessLevel, planned: PlannedEnum?,
                           selected: Bool, qualifier: PayloadTypeQualifier, cases: [TemplateObject]? = nil) -> TemplateObject {
        let plannedCases = planned?.cases ?? []
        let cases = cases ?? declaration.cases.enumerated().map { index, enumCase in
            // An enum that gets no properties still offers its payloads' qualified types.
            caseObject(enumCase, planned: index < plannedCases.count ? plannedCases[index]
                : PlannedCase(declaration: enumCase, generatesValueProperty: false, generatesIsProperty: false,
                              payloadTypes: (enumCase.associatedValues ?? []).map {
                                  qualifier.qualified($0.typeText, in: declaration)
                              }), isPlanned: index < plannedCases.count, enumAttributes: declaration.attributes,
                                  enumIsNoncopyable: declaration.isNoncopyable)
        }
        let annotations = annotationDictionary(declaration.annotations)
        var casePaths: TemplateObject?
        if let planned, planned.generatesCasePaths { casePaths = casePathsObject(planned) }
        var based: [String: String] = [:]
        for inherited in declaration.inheritance { based[inherited] = inherited }
        var values: [String: Any] = [
            "kind": "enum",
            "name": declaration.qualifiedName,
            "localName": declaration.name,
            "qualifiedName": declaration.qualifiedName,
            "extensionName": declaration.qualifiedNameForExtension,
            "accessLevel": access.memberKeyword,
            "genericParameters": declaration.genericParameters,
            "isGeneric": !declaration.genericParameters.isEmpty,
            "inheritedTypes": declaration.inheritance,
            "based": based,
            "annotations": annotations,
            "attributes": declaration.attributes,
            "extensionAttributes": ExtensionAvailability.attributes(merging: declaration.attributes),
            "isIndirect": declaration.isIndirect,
            "selected": selected,
            "file": declaration.location.file,
            "line": declaration.location.line,
            "ifConfig": declaration.ifConfig.chainText,
            "ifConfigOpen": declaration.ifConfig.openingLines,
            "ifConfigClose": declaration.ifConfig.closingLines,
            "cases": cases,
        ]
        // Absent unless generated, so a template tests it with `{% if type.casePaths %}`.
        if let casePaths { values["casePaths"] = casePaths }
        return TemplateObject(values)
    }

    /// swift-case-paths' `AllCasePaths` for a planned enum (`casePaths: true`): `paths`, each with `name`,
    /// `valueType`, `embed`, `extract`, `availability`, `ifConfigOpen`/`Close`; `iterable`, the same for the
    /// cases `allCasePaths` iterates; `iteratorKeyword` (`var`, or `let` with nothing to append) and
    /// `appendsNothingFirst` (every append is under `#if`).
    static func casePathsObject(_ planned: PlannedEnum) -> TemplateObject {
        let shape = AllCasePathsShape(planned)
        let object = { (ifConfig: [IfConfigClause], path: CasePathShape) in
            TemplateObject([
                "name": path.name, "valueType": path.valueType, "embed": path.embed, "extract": path.extract,
                "availability": path.availability, "ifConfigOpen": ifConfig.openingLines, "ifConfigClose": ifConfig.closingLines,
            ])
        }
        let values: [String: Any] = [
            "rootAlias": PlannedEnum.casePathsRootAlias,
            "rootType": PlannedEnum.casePathsRootAlias,
            "witnessAccessLevel": planned.casePathsWitnessAccess,
            "paths": shape.paths.map(object),
            "iterable": shape.iterable.map(object),
            "iteratorKeyword": shape.iteratorKeyword,
            "appendsNothingFirst": shape.appendsNothingFirst,
        ]
        return TemplateObject(values)
    }

    /// - Parameter isPlanned: false when `planned` only carries the payload types of an enum RexGen
    ///   generates nothing for; its `generates…` flags then say what the default output would write.
    static func caseObject(_ enumCase: EnumCaseDeclaration, planned: PlannedCase, isPlanned: Bool = true,
                           enumAttributes: [String] = [], enumIsNoncopyable: Bool = false) -> TemplateObject {
        let shape = PropertyShape(enumCase, payloadTypes: planned.payloadTypes, enumAttributes: enumAttributes,
                                  enumIsNoncopyable: enumIsNoncopyable)
        let generatesValue = isPlanned ? planned.generatesValueProperty : true
        var property: [String: Any] = [
            "name": shape.name, "pattern": shape.pattern, "type": shape.type, "getter": shape.getter,
            "isName": shape.isName, "isBody": shape.isBody(usesValueProperty: generatesValue),
            "generatesValue": generatesValue, "generatesIs": isPlanned ? planned.generatesIsProperty : true,
        ]
        if let setter = shape.setter { property["setter"] = setter }
        return TemplateObject([
            "name": enumCase.name,
            "escapedName": shape.name,
            "hasAssociatedValue": enumCase.hasAssociatedValues,
            "associatedValues": zip(enumCase.associatedValues ?? [], planned.payloadTypes).map { valueObject($0, qualifiedType: $1) },
            "annotations": annotationDictionary(enumCase.annotations),
            "attributes": enumCase.attributes,
            "availability": shape.availability,
            "isIndirect": enumCase.isIndirect,
            "rawValue": enumCase.rawValue as Any,
            "line": enumCase.location.line,
            "ifConfig": enumCase.ifConfig.chainText,
            "ifConfigOpen": enumCase.ifConfig.openingLines,
            "ifConfigClose": enumCase.ifConfig.closingLines,
            "property": TemplateObject(property),
        ])
    }

    /// `// sourcery: Prism` → `["Prism": true]`; `// sourcery: key = value` → `["key": "value"]`.
    static func annotationDictionary(_ annotations: [Annotation]) -> [String: Any] {
        var dictionary: [String: Any] = [:]
        for annotation in annotations { dictionary[annotation.name] = annotation.value ?? true }
        return dictionary
    }

    /// - Parameter qualifiedType: the type as generated code must write it (see `PlannedCase.payloadTypes`).
    static func valueObject(_ value: AssociatedValue, qualifiedType: String) -> TemplateObject {
        var dictionary: [String: Any] = [
            // As written, like Sourcery's `typeName`; `qualifiedTypeName` resolves at file scope.
            "typeName": TypeName(value.isVariadic ? "[\(value.typeText)]" : value.typeText),
            "qualifiedTypeName": TypeName(value.isVariadic ? "[\(qualifiedType)]" : qualifiedType),
            "hasDefault": value.defaultValue != nil,
            "isVariadic": value.isVariadic,
        ]
        // Sourcery gives enum payloads the same local and external name: the label, or nil.
        if let label = value.label {
            dictionary["localName"] = label
            dictionary["externalName"] = label
        }
        if let defaultValue = value.defaultValue { dictionary["defaultValue"] = defaultValue }
        return TemplateObject(dictionary)
    }

    /// A conditional import's `ifConfigOpen` leads from the previous import's `#if`s to its own (blocks they
    /// share stay open), and only the last one closes them, as the built-in output writes them.
    static func imports(_ declarations: [ImportDeclaration]) -> [TemplateObject] {
        let unconditional = Set(declarations.filter { $0.ifConfig.isEmpty }.map(\.text)).sorted()
        var seen = Set<ImportDeclaration>()
        let conditional = declarations.filter { !$0.ifConfig.isEmpty && seen.insert($0).inserted }
        return unconditional.map { TemplateObject(["name": $0, "text": $0, "ifConfigOpen": "", "ifConfigClose": ""]) }
            + conditional.indices.map { index in
                let open = index == 0 ? [] : conditional[index - 1].ifConfig
                let close = index == conditional.count - 1 ? conditional[index].ifConfig.closingLines : ""
                return TemplateObject(["name": conditional[index].text, "text": conditional[index].text,
                                       "ifConfigOpen": String([IfConfigClause].directives(from: open, to: conditional[index].ifConfig).dropLast()),
                                       "ifConfigClose": close])
            }
    }

    // MARK: - Action tree and lifts

    static func treeRoots(_ tree: ActionTree) -> [TemplateObject] {
        tree.roots.map { root in
            var nodes: [TemplateObject] = []
            var pending: [(node: Int, path: [String], visited: Set<Int>)] = [(root, [], [root])]
            while !pending.isEmpty {
                let (node, path, visited) = pending.removeFirst()
                nodes.append(TemplateObject(["name": tree.nodes[node].declaration.qualifiedName, "path": path,
                                             "depth": path.count]))
                for edge in tree.edges(from: node) where !visited.contains(edge.child) {
                    pending.append((edge.child, path + [edge.enumCase.name], visited.union([edge.child])))
                }
            }
            return TemplateObject(["name": tree.nodes[root].declaration.qualifiedName, "nodes": nodes])
        }
    }

    static func rootObject(_ root: RootPlan, in plan: LiftPlan) -> TemplateObject {
        TemplateObject([
            "name": root.declaration.qualifiedName,
            "typeName": root.declaration.qualifiedNameForExtension,
            "requirementTypeName": root.requirementTypeName,
            "joinedName": root.joinedName,
            "camelName": root.camelName,
            "protocolName": root.protocolName,
            "aliasName": root.aliasName,
            "accessLevel": root.access.memberKeyword,
            "availability": root.availability,
            "ifConfigOpen": root.declaration.ifConfig.openingLines,
            "ifConfigClose": root.declaration.ifConfig.closingLines,
            "sections": LiftRenderer.frameworkSections(for: root, in: plan).map(sectionObject),
            "conformances": root.conformances.map { conformance in
                TemplateObject([
                    "typeName": conformance.typeName,
                    "name": conformance.declaration.qualifiedName,
                    "accessLevel": conformance.access.memberKeyword,
                    "isRoot": conformance.path.isEmpty,
                    "path": conformance.path.map(\.enumCase.name),
                    "extractionPattern": conformance.extractionPattern,
                    "embedding": conformance.embedding,
                    "whereClause": conformance.whereClause,
                    "availability": conformance.availability,
                    "ifConfigOpen": conformance.ifConfig.openingLines,
                    "ifConfigClose": conformance.ifConfig.closingLines,
                ])
            },
        ])
    }
}

/// Reactor's part: `liftsMiddlewares`, and `composites`, each with `typeName`, `accessLevel`, `generatesReact`,
/// its `#if` lines and `reactSubstates(to:)`'s `body`: blocks, each with its `#if` lines and `lines` (without
/// the body's indentation).
private func reactorObject(_ reactor: ReactorPlan) -> TemplateObject {
    TemplateObject([
        "liftsMiddlewares": reactor.liftsMiddlewares,
        "composites": ReactorLifts.compositeSections(reactor).map { composite in
            TemplateObject([
                "attributes": composite.attributes, "typeName": composite.typeName, "accessLevel": composite.access, "generatesReact": composite.generatesReact,
                "ifConfigOpen": composite.ifConfig.openingLines, "ifConfigClose": composite.ifConfig.closingLines,
                "body": composite.body.map { block in
                    TemplateObject(["ifConfigOpen": block.ifConfig.openingLines, "ifConfigClose": block.ifConfig.closingLines,
                                    "lines": block.lines])
                },
            ])
        },
    ])
}

/// One framework's lifts for a root: `module` (absent for framework-neutral code), `functions` at file scope,
/// and `extensions`, each with `attributes`, `openingLine` and `functions`, each with `documentation`,
/// `signatureLines` and `body` (lines without indentation).
private func sectionObject(_ section: LiftFrameworkSection) -> TemplateObject {
    var values: [String: Any] = [
        "functions": section.functions.map(functionObject),
        "extensions": section.extensions.map { liftExtension in
            TemplateObject([
                "attributes": liftExtension.attributes,
                "extendedType": liftExtension.extendedType,
                "constraints": liftExtension.constraints,
                "openingLine": liftExtension.openingLine,
                "functions": liftExtension.functions.map(functionObject),
            ])
        },
    ]
    // Absent, not nil, for framework-neutral code: a template tests it with `{% if section.module %}`.
    if let module = section.module { values["module"] = module }
    return TemplateObject(values)
}

private func functionObject(_ function: LiftFunction) -> TemplateObject {
    TemplateObject([
        "documentation": function.documentation, "attributes": function.attributes, "name": function.name,
        "signatureLines": function.signatureLines,
        "body": function.body, "returnType": function.returnType,
    ])
}

extension Array where Element == IfConfigClause {
    /// The opening directives without a final line break, so a template writes them on a line of their own
    /// (`{% if x.ifConfigOpen %}` / `{{ x.ifConfigOpen }}` / `{% endif %}`); empty when there are none.
    var openingLines: String { String(openingDirectives.dropLast()) }
    var closingLines: String { String(closingDirectives.dropLast()) }
}

/// A record in the context (a type, a case, a payload, a root…), looked up by key.
///
/// A class rather than a dictionary: Stencil on Linux bridges a Swift dictionary to `NSDictionary` on
/// every key it looks up, which made rendering 2,000 enums take seconds; this lookup is a plain hash.
final class TemplateObject: DynamicMemberLookup, CustomStringConvertible {
    let values: [String: Any]

    init(_ values: [String: Any]) {
        self.values = values
    }

    subscript(dynamicMember member: String) -> Any? { values[member] }

    /// `{{ type }}` prints the name, as Sourcery's objects do.
    var description: String { (values["name"] as? String) ?? "" }
}

/// A payload's type: renders as its text (`{{ value.typeName }}`) and answers the questions Sourcery's
/// `TypeName` answers (`name`, `isOptional`, `unwrappedTypeName`, `isClosure`, `isTuple`, …).
final class TypeName: CustomStringConvertible, DynamicMemberLookup {
    let text: String

    init(_ text: String) {
        self.text = text
    }

    var description: String { text }

    subscript(dynamicMember member: String) -> Any? {
        switch member {
        case "name", "description": text
        case "isOptional": text.hasSuffix("?") || text.hasSuffix("!")
        case "unwrappedTypeName": text.hasSuffix("?") || text.hasSuffix("!") ? String(text.dropLast()) : text
        case "isClosure": PayloadType.needsParentheses(text) && text.contains("->")
        case "isTuple": text.hasPrefix("(") && !text.contains("->")
        case "isArray": text.hasPrefix("[") && !text.contains(":")
        case "isDictionary": text.hasPrefix("[") && text.contains(":")
        default: nil
        }
    }
}
