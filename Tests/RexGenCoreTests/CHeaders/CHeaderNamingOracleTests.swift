import Foundation
import XCTest

/// The names Swift gives imported C enums and their cases are decided by the Clang importer; RexGen
/// re-implements its rules. The oracle is the toolchain itself: `swift-synthesize-interface` prints the
/// Swift interface of Fixtures/CHeaders/Naming (a module around Naming.h), and every enum and case name
/// in it must be what `rexgen dump --all-enums` reports. No expected names are written by hand.
final class CHeaderNamingOracleTests: XCTestCase {
    private var header: URL { CHeaderSupport.naming.appendingPathComponent("Naming.h") }

    func testCaseNamesMatchSwiftSynthesizedInterface() throws {
        let oracle = try synthesizedEnums()
        // A parser that found nothing would make every comparison vacuous.
        XCTAssertGreaterThan(oracle.enums.count, 50, "the interface was not parsed:\n\(oracle.text.prefix(2000))")
        XCTAssertTrue(oracle.structs.contains("Plain"), "the plain enum should be a struct in the interface")

        let work = try temporaryDirectory()
        let result = try CHeaderSupport.rexgen(["dump", "--format", "json", "--all-enums", "--c-header", header.path,
                                                try CHeaderSupport.emptySwiftFile(in: work).path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let dumped = try CHeaderDumpedEnum.parse(result.stdout).filter { $0.file == header.path }

        var mismatches: [String] = []
        for declaration in dumped where declaration.cImport == "none" {
            // Not a Swift enum: the interface must have a struct of that name instead.
            if !oracle.structs.contains(declaration.qualifiedName) {
                mismatches.append("\(declaration.qualifiedName): RexGen says plain C enum, Swift has no struct of that name")
            }
        }
        let imported = dumped.filter { $0.cImport != "none" }
        let byName = Dictionary(imported.map { ($0.qualifiedName, $0) }, uniquingKeysWith: { first, _ in first })
        for (name, expectedCases) in oracle.enums.sorted(by: { $0.key < $1.key }) {
            guard let declaration = byName[name] else {
                mismatches.append("\(name): Swift imports this enum, RexGen has none by that name "
                    + "(RexGen's: \(imported.map(\.qualifiedName).sorted()))")
                continue
            }
            let actualCases = declaration.cases.map(\.name)
            if actualCases != expectedCases {
                mismatches.append("\(name) (\(header.lastPathComponent):\(declaration.line)): "
                    + "Swift \(expectedCases), RexGen \(actualCases)")
            }
        }
        for declaration in imported where oracle.enums[declaration.qualifiedName] == nil {
            mismatches.append("\(declaration.qualifiedName): RexGen imports it as an enum, Swift does not")
        }
        // One failure listing every difference, so a run shows all broken rules at once.
        XCTAssertTrue(mismatches.isEmpty, "\(mismatches.count) enums named differently from Swift's import:\n"
            + mismatches.joined(separator: "\n"))
    }

    /// The same rules seen from the compiler: the properties generated for every enum of Naming.h must
    /// compile against the imported header (any case name Swift does not have is a build error), and
    /// keyword-named cases must be written with backticks.
    func testGeneratedPropertiesForEveryNamingCaseCompile() throws {
        let work = try temporaryDirectory()
        let result = try CHeaderSupport.rexgen(["--all-enums", "--lift", "none", "--c-header", header.path,
                                                try CHeaderSupport.emptySwiftFile(in: work).path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let generated = work.appendingPathComponent("Naming.generated.swift")
        try result.stdoutData.write(to: generated)
        let build = try TestSupport.run(TestSupport.requireSwiftc(), [
            "-swift-version", "6", "-warnings-as-errors", "-typecheck", "-import-objc-header", header.path, generated.path,
        ])
        let errors = build.stderr.split(separator: "\n").filter { $0.hasPrefix(generated.path) && $0.contains("error:") }
        XCTAssertEqual(build.exitCode, 0, "the generated properties do not compile against Naming.h:\n"
            + (errors.isEmpty ? build.summary : errors.joined(separator: "\n")))
    }

    /// A C enum case named like a keyword Swift forbids as a property name (`self`) only ever gets
    /// `isSelf` (C cases have no value property), so nothing is skipped and there is nothing to warn about.
    func testKeywordNamedCasesOfCEnumsDrawNoWarning() throws {
        let work = try temporaryDirectory()
        let result = try CHeaderSupport.rexgen(["--all-enums", "--lift", "none", "--c-header", header.path,
                                                try CHeaderSupport.emptySwiftFile(in: work).path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertTrue(result.stdout.contains("public var isSelf: Swift.Bool { guard case .`self` = self"),
                      "isSelf must still be generated")
        XCTAssertEqual(result.stderrLines.filter { $0.contains(": warning: ") }, [])
    }

    // MARK: - The oracle

    private struct Interface {
        var text: String
        /// Qualified enum name → case names in declaration order (static vars for duplicate values excluded).
        var enums: [String: [String]]
        var structs: Set<String>
    }

    private func synthesizedEnums() throws -> Interface {
        let tool = try CHeaderSupport.toolchainBin().appendingPathComponent("swift-synthesize-interface")
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: tool.path), "no \(tool.path) in the toolchain")
        let moduleCache = try temporaryDirectory()
        let result = try TestSupport.run(tool, [
            "-module-name", "T", "-I", CHeaderSupport.naming.path, "-target", try CHeaderSupport.hostTriple(),
            "-module-cache-path", moduleCache.path,
        ])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        return Self.parse(result.stdout)
    }

    /// Reads `public enum Name : …`, `case name = value` and `public struct Name` lines; an enum nested by
    /// `swift_name("Outer.Inner")` appears inside `extension Outer {`, and is named `Outer.Inner`.
    private static func parse(_ text: String) -> Interface {
        var interface = Interface(text: text, enums: [:], structs: [])
        var extensionStack: [(name: String, indent: Int)] = []
        var current: (name: String, indent: Int)?
        for line in text.components(separatedBy: "\n") {
            let indent = line.prefix { $0 == " " }.count
            let words = line.split(separator: " ").map(String.init)
            if let open = current, indent == open.indent, line.trimmingCharacters(in: .whitespaces) == "}" {
                current = nil
            } else if let last = extensionStack.last, indent == last.indent,
                      line.trimmingCharacters(in: .whitespaces) == "}" {
                extensionStack.removeLast()
            } else if words.first == "extension", words.count >= 2 {
                extensionStack.append((words[1], indent))
            } else if let index = words.firstIndex(of: "enum"), index + 1 < words.count, words[..<index].contains("public") {
                let name = (extensionStack.map(\.name) + [words[index + 1]]).joined(separator: ".")
                interface.enums[name] = []
                current = (name, indent)
            } else if let index = words.firstIndex(of: "struct"), index + 1 < words.count, words[..<index].contains("public") {
                interface.structs.insert((extensionStack.map(\.name) + [words[index + 1]]).joined(separator: "."))
            } else if let open = current, words.first == "case", words.count >= 2 {
                interface.enums[open.name, default: []].append(words[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")))
            }
        }
        return interface
    }
}
