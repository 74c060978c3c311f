import Foundation

/// One line of `rexgen dump --format json` or of `rexgen-oracle`: only the keys the differential test
/// compares. Both tools write the same keys (the oracle leaves out nulls, so every optional may be absent).
struct DumpedEnum: Decodable {
    var file: String
    var line: Int
    var column: Int
    var name: String
    var qualifiedName: String
    var genericParameters: [String]
    var access: String?
    var indirect: Bool
    var ifConfig: String
    var local: Bool
    var cases: [DumpedCase]
}

struct DumpedCase: Decodable {
    var name: String
    var line: Int
    var column: Int
    var indirect: Bool
    var ifConfig: String
    var rawValue: String?
    var associatedValues: [DumpedValue]?
}

struct DumpedValue: Decodable {
    var label: String?
    var type: String
    var hasDefault: Bool
    var variadic: Bool?
}

/// Compares RexGen's model with the oracle's, enum by enum, matched by where the enum's name is.
struct DumpComparison {
    var files = 0
    var enums = 0
    var cases = 0
    var payloadValues = 0
    var disagreements: [String] = []

    var summary: String {
        "\(files) files, \(enums) enums, \(cases) cases, \(payloadValues) payload values compared; "
            + "\(disagreements.count) disagreements"
    }

    static func decode(_ data: Data, tool: String) throws -> [DumpedEnum] {
        let decoder = JSONDecoder()
        return try data.split(separator: 0x0A).enumerated().map { index, line in
            do {
                return try decoder.decode(DumpedEnum.self, from: Data(line))
            } catch {
                throw ReliabilityError("\(tool) output line \(index + 1) does not decode: \(error)\n"
                    + String(decoding: line.prefix(500), as: UTF8.self))
            }
        }
    }

    /// `ours` is RexGen's dump, `theirs` the oracle's; `excludedFiles` are files SwiftParser found syntax
    /// errors in (there the two recoveries may differ, and RexGen's errors are expected).
    mutating func compare(ours: [DumpedEnum], theirs: [DumpedEnum], excludedFiles: Set<String>) {
        func key(_ record: DumpedEnum) -> String { "\(record.file):\(record.line):\(record.column)" }
        let oursByKey = Dictionary(ours.filter { !excludedFiles.contains($0.file) }.map { (key($0), $0) },
                                   uniquingKeysWith: { first, _ in first })
        let theirsByKey = Dictionary(theirs.filter { !excludedFiles.contains($0.file) }.map { (key($0), $0) },
                                     uniquingKeysWith: { first, _ in first })
        for location in Set(oursByKey.keys).union(theirsByKey.keys).sorted() {
            switch (oursByKey[location], theirsByKey[location]) {
            case let (mine?, reference?):
                enums += 1
                compare(mine, reference, at: location)
            case let (mine?, nil):
                disagreements.append("\(location): enum '\(mine.qualifiedName)' found by RexGen only")
            case let (nil, reference?):
                disagreements.append("\(location): enum '\(reference.qualifiedName)' found by SwiftParser only")
            case (nil, nil):
                break
            }
        }
    }

    private mutating func compare(_ mine: DumpedEnum, _ reference: DumpedEnum, at location: String) {
        func check<T: Equatable>(_ what: String, _ ours: T, _ theirs: T) {
            if ours != theirs {
                disagreements.append("\(location): \(mine.qualifiedName): \(what): RexGen \(ours), SwiftParser \(theirs)")
            }
        }
        check("name", mine.name, reference.name)
        check("qualifiedName", mine.qualifiedName, reference.qualifiedName)
        check("access", mine.access ?? "none", reference.access ?? "none")
        check("genericParameters", mine.genericParameters.map(Self.squeezed),
              reference.genericParameters.map(Self.squeezed))
        check("indirect", mine.indirect, reference.indirect)
        check("local", mine.local, reference.local)
        check("#if", Self.squeezed(mine.ifConfig), Self.squeezed(reference.ifConfig))
        guard mine.cases.count == reference.cases.count else {
            return check("cases", mine.cases.map(\.name), reference.cases.map(\.name))
        }
        for (ours, theirs) in zip(mine.cases, reference.cases) {
            cases += 1
            let prefix = "case \(theirs.name)"
            check(prefix + " name", ours.name, theirs.name)
            check(prefix + " position", "\(ours.line):\(ours.column)", "\(theirs.line):\(theirs.column)")
            check(prefix + " indirect", ours.indirect, theirs.indirect)
            check(prefix + " under #if", !ours.ifConfig.isEmpty, !theirs.ifConfig.isEmpty)
            check(prefix + " #if", Self.squeezed(ours.ifConfig), Self.squeezed(theirs.ifConfig))
            check(prefix + " raw value", ours.rawValue.map(Self.squeezed) ?? "none",
                  theirs.rawValue.map(Self.squeezed) ?? "none")
            guard let ourValues = ours.associatedValues, let theirValues = theirs.associatedValues else {
                check(prefix + " has payload", ours.associatedValues != nil, theirs.associatedValues != nil)
                continue
            }
            guard ourValues.count == theirValues.count else {
                check(prefix + " payload count", ourValues.count, theirValues.count)
                continue
            }
            for (index, (value, expected)) in zip(ourValues, theirValues).enumerated() {
                payloadValues += 1
                let element = "\(prefix) payload \(index)"
                check(element + " label", value.label ?? "none", expected.label ?? "none")
                check(element + " type", Self.squeezed(value.type), Self.squeezed(expected.type))
                check(element + " hasDefault", value.hasDefault, expected.hasDefault)
                check(element + " variadic", value.variadic ?? false, expected.variadic ?? false)
            }
        }
    }

    /// Text with every whitespace character removed: the two tools lay out token text differently.
    static func squeezed(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }.map(Character.init))
    }
}
