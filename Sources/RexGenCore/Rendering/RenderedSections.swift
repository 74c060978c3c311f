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
        let importsKey = FieldCoder.hash(path: "") { coder in
            var imports = imports
            try coder.array(&imports, blank: { .blank }) { try $0.code(&$1) }
        }
        var inputs = FieldHasher()
        inputs.count(sectionKeys.count)
        for key in sectionKeys + [importsKey] {
            inputs.word(key.first)
            inputs.word(key.second)
        }
        let (first, second) = inputs.finalized
        return Key(first: first, second: second)
    }
}

extension RenderedSections {
    /// The hash of everything `LiftRenderer`'s text for one conformance reads: the root's names, the
    /// conformance's own fields (`decisions`) and `#if` clauses, and the enum's declaration and the path's cases as the
    /// cache's field list codes them (`EnumDeclaration.code`), without positions.
    static func key(for conformance: ConformancePlan, camel: String, rootType: String, protocolName: String) -> Key {
        FieldCoder.hash(path: conformance.declaration.location.file) { coder in
            var names = [camel, rootType, protocolName]
            try coder.strings(&names)
            var decisions = conformance.decisions
            try coder.strings(&decisions)
            var clauses = conformance.ifConfig
            try coder.clauses(&clauses)
            var declaration = conformance.declaration
            try declaration.code(&coder, includingCases: false)
            var index = 0
            while index < conformance.path.count {  // not `for … in`: ten thousand conformances in a debug build
                var enumCase = conformance.path[index].enumCase
                try enumCase.code(&coder)
                var arguments = conformance.path[index].genericArguments
                try coder.strings(&arguments)
                index += 1
            }
        }
    }
}
