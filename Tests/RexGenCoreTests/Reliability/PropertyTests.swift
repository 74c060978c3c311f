import Foundation
import XCTest
@testable import RexGenCore

/// Random valid enum declarations (EnumSourceGenerator): the reader must recover exactly what was
/// declared, and the files, with RexGen's output for them, must compile.
///
/// Seeded, so a failure names the seed that reproduces it: `REXGEN_PROPERTY_SEED=<seed>` runs from there.
final class ReliabilityPropertyTests: XCTestCase {
    static let baseSeed = UInt64(ProcessInfo.processInfo.environment["REXGEN_PROPERTY_SEED"] ?? "") ?? 20_261_122
    static let iterations = 400

    func testReaderRecoversExactlyTheDeclaredModel() {
        var failingFiles = 0, enumCount = 0, caseCount = 0
        for iteration in 0..<Self.iterations where failingFiles < 3 {
            let seed = Self.baseSeed &+ UInt64(iteration)
            var generator = EnumSourceGenerator(seed: seed, prefix: "F\(iteration)_")
            let source = generator.makeFile()
            let problems = Self.differences(SwiftReader.parse(source: source, path: "Generated.swift"),
                                            expected: generator.expected)
            enumCount += generator.expected.count
            caseCount += generator.expected.reduce(0) { $0 + $1.cases.count }
            if !problems.isEmpty {
                failingFiles += 1
                XCTFail("seed \(seed): \(problems.prefix(10).joined(separator: "\n"))\n--- source ---\n\(source)")
            }
        }
        print("property: \(Self.iterations) generated files, \(enumCount) enums, \(caseCount) cases read back "
            + "(seeds \(Self.baseSeed)…\(Self.baseSeed + UInt64(Self.iterations) - 1))")
    }

    /// A sample of the generated files, and RexGen's output for every enum in them, typecheck in Swift 6
    /// mode: the generator writes only valid Swift, and RexGen's properties for it are valid too.
    func testASampleAndRexGenOutputForItCompile() throws {
        let root = try temporaryDirectory()
        let sources = root.appendingPathComponent("Sources")
        let output = root.appendingPathComponent("Generated")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        var enumCount = 0
        for index in 0..<12 {
            var generator = EnumSourceGenerator(seed: Self.baseSeed &+ 1_000_000 &+ UInt64(index), prefix: "P\(index)_")
            try Data(generator.makeFile().utf8).write(to: sources.appendingPathComponent("P\(index).swift"))
            enumCount += generator.expected.count
        }
        let generated = try TestSupport.rexgen(["generate", sources.path, "--all-enums", "--lift", "none",
                                                "--output", output.path, "--quiet"])
        XCTAssertEqual(generated.exitCode, 0, generated.summary)

        let files = try [sources, output].flatMap { directory in
            try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }
                .sorted().map { directory.appendingPathComponent($0).path }
        }
        let swiftc = try TestSupport.requireSwiftc()
        let typecheck = try TestSupport.run(swiftc, ["-typecheck", "-swift-version", "6", "-module-name",
                                                     "PropertySample"] + files)
        XCTAssertEqual(typecheck.exitCode, 0, "the sample or RexGen's output for it does not compile\n"
            + typecheck.summary)
        if typecheck.exitCode == 0 {
            print("property: 12 generated files with \(enumCount) enums and RexGen's output for them typecheck")
        }
    }

    /// The generator must exercise what it claims to, or the property above proves little.
    func testGeneratorCoversEveryShape() {
        var sources = ""
        var expected: [ExpectedEnum] = []
        var payloadsNamingEnclosingMembers = 0
        for iteration in 0..<100 {
            var generator = EnumSourceGenerator(seed: Self.baseSeed &+ UInt64(iteration), prefix: "C\(iteration)_")
            sources += generator.makeFile()
            expected += generator.expected
            payloadsNamingEnclosingMembers += generator.payloadsNamingEnclosingMembers
        }
        let cases = expected.flatMap(\.cases)
        let values = cases.compactMap(\.values).flatMap { $0 }
        let coverage: [(String, Bool)] = [
            ("a local enum", expected.contains(where: \.isLocal)),
            ("a nested enum", expected.contains { $0.qualifiedName.contains(".") }),
            ("an enum under #if", expected.contains { !$0.ifConfig.isEmpty }),
            ("a case under #else", cases.contains { $0.ifConfig.last == "#else" }),
            ("a generic enum", expected.contains { !$0.genericParameters.isEmpty }),
            ("an indirect enum", expected.contains(where: \.isIndirect)),
            ("an indirect case", cases.contains(where: \.isIndirect)),
            ("attributes", expected.contains { !$0.attributes.isEmpty } && cases.contains { !$0.attributes.isEmpty }),
            ("a raw value", cases.contains { $0.rawValue != nil }),
            ("a keyword case name", cases.contains { $0.name == "default" }),
            ("a default value", values.contains { $0.defaultValue != nil }),
            ("an unlabelled value", values.contains { $0.label == nil }),
            ("a function type", values.contains { $0.type.contains("->") }),
            ("a comment inside a type", sources.contains("/* ) -> Void, evil: */")),
            ("a line comment inside a type", sources.contains("// line comment, ) -> Never\n")),
            ("a payload naming a type declared in an enclosing type", payloadsNamingEnclosingMembers > 0),
            ("a payload naming a typealias declared in an enclosing type", sources.range(of: #"\(.*List"#, options: .regularExpression) != nil),
        ]
        for (shape, covered) in coverage { XCTAssertTrue(covered, "100 generated files hold no \(shape)") }
    }

    // MARK: - Comparing

    static func differences(_ file: ParsedFile, expected: [ExpectedEnum]) -> [String] {
        var problems = file.diagnostics.map { "unexpected diagnostic: \($0)" }
        let actual = Dictionary(file.enums.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        let wanted = Dictionary(expected.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for name in Set(actual.keys).symmetricDifference(wanted.keys).sorted() {
            problems.append(actual[name] == nil ? "missing enum \(name)" : "unexpected enum \(name)")
        }
        for (name, model) in wanted.sorted(by: { $0.key < $1.key }) {
            guard let declaration = actual[name] else { continue }
            let read = ExpectedEnum(
                qualifiedName: declaration.qualifiedName, access: declaration.declaredAccess?.rawValue,
                genericParameters: declaration.genericParameters, isIndirect: declaration.isIndirect,
                isLocal: declaration.isLocal, attributes: declaration.attributes,
                ifConfig: declaration.ifConfig.map(\.directiveText),
                cases: declaration.cases.map { enumCase in
                    ExpectedCase(name: enumCase.name, isIndirect: enumCase.isIndirect, attributes: enumCase.attributes,
                                 ifConfig: enumCase.ifConfig.map(\.directiveText),
                                 values: enumCase.associatedValues?.map {
                                     ExpectedValue(label: $0.label, type: $0.typeText, defaultValue: $0.defaultValue)
                                 },
                                 rawValue: enumCase.rawValue)
                })
            if read != model {
                problems.append("enum \(name):\n  declared \(model)\n  read     \(read)")
            }
        }
        return problems
    }
}
