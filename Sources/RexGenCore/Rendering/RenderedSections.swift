/// The sections of a file the previous run wrote (an enum's properties, a lift conformance), found by a hash
/// of everything a section is rendered from, so a run after an edit renders only the sections that can
/// differ and copies the others' bytes from the file it wrote last time (which the caller has checked is
/// unchanged since).
public struct RenderedSections: Sendable {
    /// 128 bits of hash over a section's inputs: equal keys mean equal text.
    public struct Key: Hashable, Sendable {
        var first: UInt64
        var second: UInt64
    }

    /// Where one section lies in an enum-properties file.
    public struct Record: Sendable, Equatable {
        public var key: Key
        public var range: Range<Int>
    }

    /// The previous file. A `String`, validated once when it is read (off the critical path), so the
    /// sections copied from it into the next file are not validated again.
    let text: String
    /// Byte offsets into `text`'s UTF-8.
    let ranges: [Key: Range<Int>]

    /// nil when a record does not fit in `text`: such an index does not describe this file.
    init?(text: String, records: [Record]) {
        guard records.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= text.utf8.count }) else { return nil }
        self.text = text
        self.ranges = Dictionary(records.map { ($0.key, $0.range) }, uniquingKeysWith: { first, _ in first })
    }

    /// The previous file's text of a section, or nil when no section had this key.
    func text(for key: Key) -> Substring? {
        guard let range = ranges[key] else { return nil }
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: range.count)]
    }

    /// The hash of everything `EnumPropertiesRenderer.section(for:)` reads: the planned enum, its
    /// declaration's fields as the cache lists them (`EnumDeclaration.code`, so a field added to the model is
    /// in the key too), without positions, and the planner's decisions.
    static func key(for plannedEnum: PlannedEnum) -> Key {
        FieldCoder.hash(path: plannedEnum.declaration.location.file) { coder in
            var declaration = plannedEnum.declaration
            try declaration.code(&coder, includingCases: false)
            var decisions = plannedEnum.decisions
            try coder.strings(&decisions)
            var index = 0
            while index < plannedEnum.cases.count {  // not `for … in`: ten thousand enums in a debug build
                let plannedCase = plannedEnum.cases[index]
                var enumCase = plannedCase.declaration
                try enumCase.code(&coder)
                var caseDecisions = plannedCase.decisions
                try coder.strings(&caseDecisions)
                index += 1
            }
        }
    }

    /// A whole per-source file's key: its sections' keys in order, and its imports (with their `#if`s).
    static func key(forFileWith sectionKeys: [Key], imports: [ImportDeclaration]) -> Key {
        var inputs = FieldHasher()
        inputs.count(sectionKeys.count)
        for key in sectionKeys {
            inputs.word(key.first)
            inputs.word(key.second)
        }
        inputs.count(imports.count)
        for declaration in imports {
            inputs.string(declaration.text)
            ifConfig(declaration.ifConfig, to: &inputs)
        }
        let (first, second) = inputs.finalized
        return Key(first: first, second: second)
    }

    static func ifConfig(_ clauses: [IfConfigClause], to inputs: inout FieldHasher) {
        inputs.count(clauses.count)
        for clause in clauses {
            inputs.string(clause.kind.rawValue)
            inputs.string(clause.condition)
            inputs.strings(clause.precedingConditions)
        }
    }
}

extension RenderedSections {
    /// Everything `LiftRenderer`'s text for one conformance reads, written out unambiguously and hashed.
    static func key(for conformance: ConformancePlan, camel: String, rootType: String, protocolName: String) -> Key {
        var inputs = FieldHasher()
        inputs.string(camel)
        inputs.string(rootType)
        inputs.string(protocolName)
        inputs.string(conformance.access.rawValue)
        inputs.strings(conformance.declaration.qualifiedNameComponents)
        inputs.strings(conformance.whereRequirements)
        ifConfig(conformance.ifConfig, to: &inputs)
        inputs.count(conformance.path.count)
        var index = 0
        while index < conformance.path.count {  // not `for … in`: ten thousand conformances in a debug build
            let enumCase = conformance.path[index].enumCase
            inputs.string(enumCase.name)
            inputs.optionalString(conformance.path[index].payloadLabel)
            inputs.strings(enumCase.attributes)
            index += 1
        }
        let (first, second) = inputs.finalized
        return Key(first: first, second: second)
    }
}
