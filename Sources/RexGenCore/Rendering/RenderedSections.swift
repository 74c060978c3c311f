/// The enum-properties sections of the previous run, found by a hash of everything a section is rendered
/// from, so a run after an edit renders only the enums whose section can differ and copies the others'
/// bytes from the file it wrote last time (which the caller has checked is unchanged since).
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

    /// The previous file's bytes.
    let text: [UInt8]
    let ranges: [Key: Range<Int>]

    /// nil when a record does not fit in `text`: such an index does not describe this file.
    init?(text: [UInt8], records: [Record]) {
        guard records.allSatisfy({ $0.range.lowerBound >= 0 && $0.range.upperBound <= text.count }) else { return nil }
        self.text = text
        self.ranges = Dictionary(records.map { ($0.key, $0.range) }, uniquingKeysWith: { first, _ in first })
    }

    /// Everything `EnumPropertiesRenderer.section(for:)` reads, written out unambiguously and hashed.
    static func key(for plannedEnum: PlannedEnum) -> Key {
        let inputs = ByteWriter(capacity: 1024)
        let declaration = plannedEnum.declaration
        inputs.strings(declaration.qualifiedNameComponents)
        ifConfig(declaration.ifConfig, to: inputs)
        inputs.string(plannedEnum.access.rawValue)
        inputs.count(plannedEnum.cases.count)
        for plannedCase in plannedEnum.cases {
            inputs.bool(plannedCase.generatesValueProperty)
            inputs.bool(plannedCase.generatesIsProperty)
            let enumCase = plannedCase.declaration
            inputs.string(enumCase.name)
            inputs.strings(enumCase.attributes)
            ifConfig(enumCase.ifConfig, to: inputs)
            inputs.bool(enumCase.associatedValues != nil)
            for value in enumCase.associatedValues ?? [] {
                inputs.optionalString(value.label)
                inputs.string(value.typeText)
                inputs.bool(value.isVariadic)
            }
        }
        return inputs.bytes.withUnsafeBytes { Key(first: ContentHash.of($0, seed: 1), second: ContentHash.of($0, seed: 2)) }
    }

    private static func ifConfig(_ clauses: [IfConfigClause], to inputs: ByteWriter) {
        inputs.count(clauses.count)
        for clause in clauses {
            inputs.string(clause.kind.rawValue)
            inputs.string(clause.condition)
            inputs.strings(clause.precedingConditions)
        }
    }
}
