import Foundation
import XCTest
import Yams
@testable import RexGenCore

/// The files every package has: the CI workflow that runs beyond this machine (checked with a YAML parser,
/// since it cannot run here), the license, and a changelog whose newest release is the version RexGen reports.
final class ProjectFilesTests: XCTestCase {
    private static let root = TestSupport.testsDirectory.deletingLastPathComponent()

    func testCIWorkflowRunsLinuxInTheSwiftContainerAndMacOSWithXcode() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        let workflow = try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])
        let linux = try XCTUnwrap(jobs["linux"] as? [String: Any])
        XCTAssertTrue((linux["container"] as? String)?.hasPrefix("swift:6") ?? false, "\(linux)")
        XCTAssertTrue(try runs(linux).contains("bash .ci/run"), "the Linux job runs the same script as CI here")
        let macOS = try XCTUnwrap(jobs["macos"] as? [String: Any])
        XCTAssertTrue((macOS["runs-on"] as? String)?.hasPrefix("macos") ?? false, "\(macOS)")
        let macOSRuns = try runs(macOS)
        XCTAssertTrue(macOSRuns.contains("swift test"))
        XCTAssertTrue(macOSRuns.contains { $0.contains("Examples/MovieApp") }, "the example app is built with the plugin")
        XCTAssertTrue(macOSRuns.contains { $0.hasPrefix("xcodebuild") }, "the Xcode plugin conformance is compiled")
        // Every step names an action or a command, and the workflow runs on pushes and pull requests.
        for job in [linux, macOS] {
            for step in try XCTUnwrap(job["steps"] as? [[String: Any]]) {
                XCTAssertTrue(step["uses"] != nil || step["run"] != nil, "\(step)")
            }
        }
        let triggers = try XCTUnwrap(workflow["on"] as? [String: Any])
        XCTAssertNotNil(triggers["push"])
        XCTAssertNotNil(triggers["pull_request"])
    }

    func testChangelogsNewestReleaseIsTheVersionRexGenReports() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let releases = text.split(separator: "\n").filter { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        XCTAssertEqual(releases.first.map(String.init), "## [\(RexGenVersion.current)]")
        XCTAssertTrue(text.contains("## [Unreleased]"), "Keep a Changelog keeps an Unreleased section on top")
    }

    func testLicenseIsApache2() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        XCTAssertTrue(text.contains("Apache License") && text.contains("Version 2.0, January 2004"))
    }

    private func runs(_ job: [String: Any]) throws -> [String] {
        try XCTUnwrap(job["steps"] as? [[String: Any]]).compactMap { $0["run"] as? String }
    }
}
