import Foundation
import XCTest

/// C enums are selected by the rules for Swift enums (name suffix, `rexgen: prism` right above, `skip`,
/// `--all-enums`) and also when a selected Swift action enum carries one as a payload
/// (Fixtures/CHeaders/Selection: every enum there is closed, so only selection decides).
final class CHeaderSelectionTests: XCTestCase {
    private var header: URL { CHeaderSupport.selection.appendingPathComponent("Selection.h") }
    private var swiftFile: URL { CHeaderSupport.selection.appendingPathComponent("RemoteAction.swift") }

    private func generate(_ extra: [String] = []) throws -> ProcessResult {
        let result = try CHeaderSupport.rexgen([swiftFile.path, "--c-header", header.path, "--lift", "none"] + extra)
        XCTAssertEqual(result.exitCode, 0, result.summary)
        XCTAssertEqual(result.stderrLines.filter { $0.contains(": warning: ") || $0.contains(": error: ") }, [],
                       result.summary)
        return result
    }

    func testSelectedByNameAnnotationAndPayload() throws {
        let extended = Set(CHeaderSupport.extendedTypes(in: try generate().stdout))
        // Name suffix (Event, Action), `rexgen: prism` and Sourcery's `sourcery: Prism`, payloads.
        for name in ["DoorEvent", "KnobAction", "Lamp", "Fan", "Speed", "Carried", "Wrapped", "Listed", "Keyed",
                     "RemoteAction"] {
            XCTAssertTrue(extended.contains(name), "\(name) should be selected; extended: \(extended.sorted())")
        }
        // An annotation above another declaration, `skip`, a payload of a non-action enum, nothing at all.
        for name in ["Distant", "MutedEvent", "Stuck", "Unrelated", "Holder"] {
            XCTAssertFalse(extended.contains(name), "\(name) should not be selected; extended: \(extended.sorted())")
        }
    }

    func testAllEnumsSelectsEveryEnumButSkipped() throws {
        let extended = Set(CHeaderSupport.extendedTypes(in: try generate(["--all-enums"]).stdout))
        for name in ["DoorEvent", "KnobAction", "Lamp", "Fan", "Distant", "Speed", "Carried", "Stuck", "Unrelated",
                     "RemoteAction", "Holder"] {
            XCTAssertTrue(extended.contains(name), "\(name) should be selected with --all-enums; extended: \(extended.sorted())")
        }
        XCTAssertFalse(extended.contains("MutedEvent"), "`rexgen: skip` wins over --all-enums")
    }

    /// `--suffix` replaces the default suffixes for C enums too; the payload rule still applies.
    func testSuffixOptionAppliesToCEnums() throws {
        let extended = Set(CHeaderSupport.extendedTypes(in: try generate(["--suffix", "Action"]).stdout))
        XCTAssertTrue(extended.contains("KnobAction"), "\(extended.sorted())")
        XCTAssertFalse(extended.contains("DoorEvent"), "\(extended.sorted())")
        XCTAssertTrue(extended.contains("Speed"), "carried by the still-selected RemoteAction: \(extended.sorted())")
    }

    /// Payload selection follows from the carrying enum: when RemoteAction is not selected (only `Event`
    /// names are), Speed and Carried are not either.
    func testPayloadSelectionNeedsTheCarrierSelected() throws {
        let extended = Set(CHeaderSupport.extendedTypes(in: try generate(["--suffix", "Event"]).stdout))
        XCTAssertTrue(extended.contains("DoorEvent"), "\(extended.sorted())")
        for name in ["RemoteAction", "Speed", "Carried", "Wrapped", "Listed", "Keyed"] {
            XCTAssertFalse(extended.contains(name), "\(name) should not be selected; extended: \(extended.sorted())")
        }
    }

    /// The generated properties of the selected C enums compile against the imported header.
    func testSelectedEnumsCompile() throws {
        let work = try temporaryDirectory()
        let generated = work.appendingPathComponent("Selection.generated.swift")
        try generate(["--all-enums"]).stdoutData.write(to: generated)
        let build = try TestSupport.run(TestSupport.requireSwiftc(), [
            "-swift-version", "6", "-warnings-as-errors", "-typecheck", "-import-objc-header", header.path,
            swiftFile.path, generated.path,
        ])
        XCTAssertEqual(build.exitCode, 0, build.summary)
    }

    /// `dump`'s `selected` must say what generation does: an enum that gets properties because a selected
    /// action enum carries it is selected (the issue says so), and one that gets none is not.
    func testDumpSelectedAgreesWithGeneration() throws {
        let extended = Set(CHeaderSupport.extendedTypes(in: try generate().stdout))
        let result = try CHeaderSupport.rexgen(["dump", "--format", "json", swiftFile.path, "--c-header", header.path])
        XCTAssertEqual(result.exitCode, 0, result.summary)
        let dumped = try CHeaderDumpedEnum.parse(result.stdout)
        XCTAssertEqual(dumped.count, 15, result.stdout)
        for declaration in dumped {
            XCTAssertEqual(declaration.selected, extended.contains(declaration.qualifiedName),
                           "\(declaration.qualifiedName): dump says selected=\(declaration.selected), "
                               + "generation \(extended.contains(declaration.qualifiedName) ? "extends" : "skips") it")
        }
    }
}
