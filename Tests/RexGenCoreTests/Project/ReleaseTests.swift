import Foundation
import XCTest
import Yams
@testable import RexGenCore

/// The release machinery: the workflow's structure (it cannot run here), the package users add
/// (Plugins/Package: builds from source until a release writes its tools line), the release script's assembly
/// of an artifact bundle from variants built elsewhere (fake executables), and the bundle used for real:
/// Scripts/test-prebuilt-plugin.sh builds the release binaries from the working tree and the example app with
/// them (a few minutes).
final class ReleaseTests: XCTestCase {
    /// The example app built with the plugins package and a bundle made by the release script from this
    /// tree: no RexGen code compiled, the same generated files as the source-built tool writes given the same
    /// arguments, the app's output, and a bundle without this machine's variant refused with SwiftPM's
    /// error, not a hang.
    func testTheExampleAppBuildsWithTheReleaseBundle() throws {
        let work = try temporaryDirectory()
        // The source-built tool to compare with is the one this test run was built with.
        let rexgen = try XCTUnwrap(TestSupport.rexgenBinary, "no rexgen binary next to the test bundle")
        let sourceTool = rexgen.deletingLastPathComponent().appendingPathComponent("RexGenBuildTool").path
        let run = try TestSupport.run(URL(fileURLWithPath: "/usr/bin/env"), [
            "REXGEN_SOURCE_TOOL=\(sourceTool)", "/bin/bash",
            Self.root.appendingPathComponent("Scripts/test-prebuilt-plugin.sh").path, work.path,
        ])
        XCTAssertEqual(run.exitCode, 0, run.summary)
        let lines = run.stdout.split(separator: "\n")
        XCTAssertEqual(lines.last, "PASS", run.summary)
        XCTAssertTrue(lines.contains { $0.hasPrefix("generated files identical: MovieApp/") }, run.summary)
        XCTAssertTrue(lines.contains("the app prints what its code makes it print"), run.summary)
        XCTAssertTrue(lines.contains { $0.hasPrefix("foreign-only bundle: refused in ") }, run.summary)
    }

    private static let root = TestSupport.testsDirectory.deletingLastPathComponent()
    private static let marker = "// rexgen-release: written by Scripts/make-release.py"

    func testReleaseWorkflowBuildsEachPlatformAndPublishesTheBundleAndThePluginsPackage() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(".github/workflows/release.yml"), encoding: .utf8)
        let workflow = try XCTUnwrap(try Yams.load(yaml: text) as? [String: Any])
        let triggers = try XCTUnwrap(workflow["on"] as? [String: Any])
        let push = try XCTUnwrap(triggers["push"] as? [String: Any])
        XCTAssertNotNil(push["tags"], "a release is cut by a version tag")
        XCTAssertNil(triggers["pull_request"])
        XCTAssertEqual((workflow["permissions"] as? [String: Any])?["contents"] as? String, "write")
        let jobs = try XCTUnwrap(workflow["jobs"] as? [String: Any])

        // One job per variant, each on its platform, each building with the release script and uploading.
        let linux = try XCTUnwrap(jobs["linux-x86_64"] as? [String: Any])
        let arm = try XCTUnwrap(jobs["linux-aarch64"] as? [String: Any])
        let macOS = try XCTUnwrap(jobs["macos"] as? [String: Any])
        XCTAssertTrue((linux["container"] as? String)?.hasPrefix("swift:6") ?? false, "\(linux)")
        XCTAssertTrue((arm["container"] as? String)?.hasPrefix("swift:6") ?? false, "\(arm)")
        XCTAssertTrue((arm["runs-on"] as? String)?.hasSuffix("-arm") ?? false, "an arm64 runner: \(arm)")
        XCTAssertTrue((macOS["runs-on"] as? String)?.hasPrefix("macos") ?? false, "\(macOS)")
        for job in [linux, arm, macOS] {
            XCTAssertTrue(try runs(job).contains("python3 Scripts/make-release.py --output dist"), "\(job)")
            XCTAssertTrue(try uses(job).contains { $0.hasPrefix("actions/upload-artifact") }, "\(job)")
        }
        XCTAssertTrue(try runs(linux).contains { $0.hasPrefix("bash Scripts/test-prebuilt-plugin.sh") },
                      "the bundle is used for real before it is published")

        // The publishing job waits for all three, merges their zips, writes the URL and checksum by script.
        let publish = try XCTUnwrap(jobs["publish"] as? [String: Any])
        XCTAssertEqual(Set(try XCTUnwrap(publish["needs"] as? [String])), ["linux-x86_64", "linux-aarch64", "macos"])
        let assemble = try XCTUnwrap(try runs(publish).first { $0.contains("Scripts/make-release.py") })
        XCTAssertTrue(assemble.contains("--no-build"))
        XCTAssertEqual(assemble.components(separatedBy: "--merge ").count - 1, 3, assemble)
        XCTAssertTrue(assemble.contains("--plugins-package") && assemble.contains("--download-url"), assemble)
        XCTAssertTrue(try uses(publish).contains { $0.hasPrefix("softprops/action-gh-release") }, "a release asset")
        XCTAssertTrue(try runs(publish).contains { $0.contains("git push") }, "the plugins package is published")
        for job in [linux, arm, macOS, publish] {
            for step in try XCTUnwrap(job["steps"] as? [[String: Any]]) {
                XCTAssertTrue(step["uses"] != nil || step["run"] != nil, "\(step)")
            }
        }
    }

    func testPluginsPackageBuildsFromSourceUntilAReleaseWritesItsToolsLine() throws {
        let package = Self.root.appendingPathComponent("Plugins/Package")
        let manifest = try String(contentsOf: package.appendingPathComponent("Package.swift"), encoding: .utf8)
        let marked = manifest.split(separator: "\n").filter { $0.hasSuffix(Self.marker) }
        XCTAssertEqual(marked, ["let tools: Tools = .source  \(Self.marker)"],
                       "the repository's copy builds from source; only the release script writes a release")
        // Its sources are RexGen's own, by symlink (copied as files when published).
        let links = ["Plugins/RexGenPlugin": "Plugins/RexGenPlugin", "Sources/RexGenCore": "Sources/RexGenCore",
                     "Sources/RexGenBuildTool": "Sources/RexGenBuildTool", "Sources/CLibClang": "Sources/CLibClang"]
        for (link, original) in links {
            let resolved = package.appendingPathComponent(link).resolvingSymlinksInPath().path
            XCTAssertEqual(resolved, Self.root.appendingPathComponent(original).resolvingSymlinksInPath().path, link)
        }
    }

    func testReleaseScriptMergesVariantsBuiltElsewhereIntoOneBundleAndWritesTheManifest() throws {
        let python = try XCTUnwrap(Self.executable("python3"), "cannot find 'python3' on PATH (.ci/run installs it)")
        let work = try TestSupport.makeTemporaryDirectory(prefix: "release")
        defer { try? FileManager.default.removeItem(at: work) }
        let linux = try fakeBundle(in: work, folder: "linux", suffix: "linux-x86_64", triples: ["x86_64-unknown-linux-gnu"])
        let macOS = try fakeBundle(in: work, folder: "macos", suffix: "macos",
                                   triples: ["arm64-apple-macosx", "x86_64-apple-macosx"])
        let output = work.appendingPathComponent("dist")
        let plugins = work.appendingPathComponent("plugins")
        let url = "https://example.invalid/rexgen-\(RexGenVersion.current).artifactbundle.zip"
        let result = try TestSupport.run(python, [
            Self.root.appendingPathComponent("Scripts/make-release.py").path, "--no-build", "--output", output.path,
            "--merge", linux.path, "--merge", macOS.path, "--plugins-package", plugins.path, "--download-url", url,
        ])
        XCTAssertEqual(result.exitCode, 0, result.summary)

        let bundle = output.appendingPathComponent("rexgen.artifactbundle")
        let info = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data(contentsOf: bundle.appendingPathComponent("info.json"))) as? [String: Any])
        XCTAssertEqual(info["schemaVersion"] as? String, "1.0")
        let artifacts = try XCTUnwrap(info["artifacts"] as? [String: [String: Any]])
        XCTAssertEqual(Set(artifacts.keys), ["RexGenBuildTool", "rexgen"])
        for (name, artifact) in artifacts {
            XCTAssertEqual(artifact["type"] as? String, "executable")
            XCTAssertEqual(artifact["version"] as? String, RexGenVersion.current)
            let variants = try XCTUnwrap(artifact["variants"] as? [[String: Any]])
            XCTAssertEqual(Set(variants.flatMap { $0["supportedTriples"] as? [String] ?? [] }),
                           ["x86_64-unknown-linux-gnu", "arm64-apple-macosx", "x86_64-apple-macosx"])
            for variant in variants {
                let path = try XCTUnwrap(variant["path"] as? String)
                XCTAssertTrue(path.hasSuffix("/bin/\(name)"), path)
                XCTAssertTrue(FileManager.default.isExecutableFile(atPath: bundle.appendingPathComponent(path).path), path)
            }
        }

        // The zip and its checksum (SwiftPM's: SHA-256, hex); the published manifest names both.
        let zip = output.appendingPathComponent("rexgen-\(RexGenVersion.current).artifactbundle.zip")
        XCTAssertTrue(FileManager.default.fileExists(atPath: zip.path))
        let checksum = try String(contentsOf: output.appendingPathComponent(zip.lastPathComponent + ".checksum"),
                                  encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(checksum.count, 64)
        XCTAssertTrue(checksum.allSatisfy(\.isHexDigit), checksum)
        let manifest = try String(contentsOf: plugins.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(#"let tools: Tools = .release(url: "\#(url)", checksum: "\#(checksum)")  \#(Self.marker)"#),
                      manifest)
        // Published without RexGen beside it: its symlinks are files.
        let core = plugins.appendingPathComponent("Sources/RexGenCore")
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: core.path)[.type] as? FileAttributeType, .typeDirectory)

        // The same variant twice is refused.
        let repeated = try TestSupport.run(python, [
            Self.root.appendingPathComponent("Scripts/make-release.py").path, "--no-build", "--output",
            work.appendingPathComponent("again").path, "--merge", linux.path, "--merge", linux.path,
        ])
        XCTAssertNotEqual(repeated.exitCode, 0)
        XCTAssertTrue(repeated.stderr.contains("repeats a variant"), repeated.summary)
    }

    /// A bundle as another machine's run of the script leaves it, its executables scripts.
    private func fakeBundle(in work: URL, folder: String, suffix: String, triples: [String]) throws -> URL {
        let bundle = work.appendingPathComponent(folder).appendingPathComponent("rexgen.artifactbundle")
        var artifacts: [String: Any] = [:]
        for name in ["RexGenBuildTool", "rexgen"] {
            let path = "\(name)-\(RexGenVersion.current)-\(suffix)/bin/\(name)"
            let executable = bundle.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("#!/bin/sh\necho \(name)\n".utf8).write(to: executable)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: executable.path)
            artifacts[name] = ["version": RexGenVersion.current, "type": "executable",
                               "variants": [["path": path, "supportedTriples": triples]]]
        }
        let info = try JSONSerialization.data(withJSONObject: ["schemaVersion": "1.0", "artifacts": artifacts])
        try info.write(to: bundle.appendingPathComponent("info.json"))
        return bundle
    }

    private static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent(name) }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    private func runs(_ job: [String: Any]) throws -> [String] {
        try XCTUnwrap(job["steps"] as? [[String: Any]]).compactMap { $0["run"] as? String }
    }

    private func uses(_ job: [String: Any]) throws -> [String] {
        try XCTUnwrap(job["steps"] as? [[String: Any]]).compactMap { $0["uses"] as? String }
    }
}
