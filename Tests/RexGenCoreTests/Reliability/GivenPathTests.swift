import Foundation
@testable import RexGenCore
import XCTest

/// Paths given one by one, as the build plugin gives every source: each comes out as Foundation's
/// `standardizingPath` spells it (the collector's one-`lstat`-per-file shortcut is checked against it),
/// and one file given under two spellings is read once.
final class ReliabilityGivenPathTests: XCTestCase {
    /// `real/A.swift`, `real/Inner/B.swift`, `link` → `real`, `real/Linked.swift` → `A.swift`,
    /// `real/Dangling.swift` → nothing.
    private func makeTree() throws -> URL {
        let root = try temporaryDirectory()
        try TestSupport.write(["real/A.swift": "enum AAction { case a }\n",
                               "real/Inner/B.swift": "enum BAction { case b }\n"], under: root)
        let manager = FileManager.default
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("link").path,
                                       withDestinationPath: root.appendingPathComponent("real").path)
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("real/Linked.swift").path,
                                       withDestinationPath: "A.swift")
        try manager.createSymbolicLink(atPath: root.appendingPathComponent("real/Dangling.swift").path,
                                       withDestinationPath: "Nowhere.swift")
        return root
    }

    func testEverySpellingComesOutAsFoundationStandardizesIt() throws {
        let root = try makeTree().path
        let spellings = [
            "\(root)/real/A.swift", "\(root)/link/A.swift", "\(root)/link/Inner/B.swift", "\(root)//real/./A.swift",
            "\(root)/link/../real/Inner/B.swift", "\(root)/real/Linked.swift", "\(root)/link/Linked.swift",
            "\(root)/real/Inner", "\(root)/link", "\(root)/real/.", "\(root)/real/Inner/..", "\(root)/real/Missing.swift",
            "\(root)/real/Dangling.swift", "\(root)/missing/A.swift", "/", "relative/../A.swift", "./A.swift", "~/A.swift",
        ]
        // All at once, as the build plugin gives them (folders shared), and one by one.
        let batch = GivenPathStandardizer.standardize(spellings)
        for (given, standardized) in zip(spellings, batch) {
            for (path, kind) in [(standardized.path, standardized.kind),
                                 (GivenPathStandardizer.standardize(given).path, GivenPathStandardizer.standardize(given).kind)] {
                let expected = (given as NSString).standardizingPath
                XCTAssertEqual(path, expected, given)
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: expected, isDirectory: &isDirectory)
                XCTAssertEqual(kind, !exists ? .missing : isDirectory.boolValue ? .directory : .other, given)
            }
            // A signature comes only with a regular file that is not a link, and is what `stat` says.
            if let signature = standardized.signature {
                XCTAssertEqual(signature, SourceSnapshot.signature(of: standardized.path), given)
                XCTAssertFalse(given.hasSuffix("Linked.swift"), given)
            }
        }
        XCTAssertNotNil(batch[0].signature)
    }

    /// A trailing slash keeps the folder as given (a link is walked under its own name).
    func testATrailingSlashIsOnlyDropped() throws {
        let root = try makeTree().path
        XCTAssertEqual(GivenPathStandardizer.standardize("\(root)/link/").path, "\(root)/link")
        XCTAssertEqual(GivenPathStandardizer.standardize("\(root)/link/").kind, .directory)
    }

    func testOneFileGivenUnderTwoSpellingsIsCollectedOnce() throws {
        let root = try makeTree().path
        var diagnostics: [Diagnostic] = []
        let files = SourceFileCollector.swiftFiles(
            in: ["\(root)/link/A.swift", "\(root)/real/A.swift", "\(root)/link/Inner/B.swift", "\(root)/real/Inner"],
            diagnostics: &diagnostics)
        XCTAssertEqual(files, ["\(root)/real/A.swift", "\(root)/real/Inner/B.swift"].map {
            ($0 as NSString).standardizingPath
        })
        XCTAssertEqual(diagnostics.count, 0, "\(diagnostics)")
    }
}
