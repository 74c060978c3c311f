import Foundation
import XCTest
@testable import RexGenCore

/// `PathText` stands in for `NSString`'s path operations in RexGenCore (which imports only
/// FoundationEssentials where it can); each must give `NSString`'s answer, which Foundation here computes.
final class PathTextTests: XCTestCase {
    private var spellings: [String] = [
        "", "/", "//", "a", "a/", "/a", "/a/", "a//b", "/a//b/", "a/b/c.swift", "/a/b/c.swift", "/a/b/.hidden",
        "c.", ".profile", "/a.b/c", "a/b.c.d", "./a", "a/./b", "a/../b", "../a", "/..", "/a/../..", "/a/b/..",
        "~", "~/x", "~/x/../y", "/tmp", "/tmp/./x//y/", "/private/tmp", "Generated/App.swift", "é/ü.swift",
    ]

    /// For the paths RexGen passes them (files and folders it was given or writes), and plain names to append.
    func testThePathOperationsAreNSStrings() {
        let paths = ["/a/b/c.swift", "a/b/c.swift", "Generated/App.swift", "/tmp/x/rexgen.yml", "Custom.stencil",
                     "templates/Custom.stencil", "/a.b/c", "a/b.c.d", "é/ü.swift", "/a/b/.hidden", ".profile", "/a/b/", "/a"]
        for path in paths {
            let ns = path as NSString
            XCTAssertEqual(PathText.lastComponent(of: path), ns.lastPathComponent, "lastPathComponent of '\(path)'")
            XCTAssertEqual(PathText.deletingLastComponent(of: path), ns.deletingLastPathComponent,
                           "deletingLastPathComponent of '\(path)'")
            XCTAssertEqual(PathText.deletingExtension(of: path), ns.deletingPathExtension, "deletingPathExtension of '\(path)'")
            for component in ["x", "x.swift", ".rexgen-cache", "é.swift"] {
                XCTAssertEqual(PathText.appending(component, to: path), ns.appendingPathComponent(component),
                               "'\(path)' + '\(component)'")
            }
        }
    }

    func testStandardizingIsNSStrings() throws {
        // Links, relative and absolute, to folders and files, and a dangling one, under a real folder.
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("pathtext-\(UUID().uuidString)")
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: root.path + "/real/sub", withIntermediateDirectories: true)
        XCTAssertTrue(fileManager.createFile(atPath: root.path + "/real/sub/file.swift", contents: Data()))
        try fileManager.createSymbolicLink(atPath: root.path + "/absolute", withDestinationPath: root.path + "/real")
        try fileManager.createSymbolicLink(atPath: root.path + "/relative", withDestinationPath: "real/sub")
        try fileManager.createSymbolicLink(atPath: root.path + "/real/up", withDestinationPath: "..")
        try fileManager.createSymbolicLink(atPath: root.path + "/dangling", withDestinationPath: "nowhere")
        try fileManager.createSymbolicLink(atPath: root.path + "/fileLink.swift", withDestinationPath: "real/sub/file.swift")
        defer { try? fileManager.removeItem(at: root) }
        let base = root.path
        let paths = spellings + [
            base, base + "/", base + "/real", base + "/absolute", base + "/absolute/sub/file.swift", base + "/relative",
            base + "/relative/file.swift", base + "/relative/..", base + "/dangling",
            base + "/dangling/x", base + "/fileLink.swift", base + "/real/./sub//file.swift", base + "/real/sub/../sub",
            base + "/missing/../real", "relative/../x",
        ]
        for path in paths {
            XCTAssertEqual(PathText.standardized(path), (path as NSString).standardizingPath, "standardizing '\(path)'")
        }
        // Where they differ on purpose: Foundation resolves a link whose destination is relative (`up` → `..`)
        // against the working directory; `PathText` keeps it as written, as it keeps `relative` and `dangling`.
        XCTAssertEqual(PathText.standardized(base + "/real/up/real"), base + "/real/up/real")
    }

    func testFormattingIsPrintfs() {
        // Not at a tie, where printf rounds the exact binary value and `formatted` the scaled one.
        for value in [0, 0.004, 0.006, 0.7, 1, 1.2346, 12.999, 140.1049, 2_000_000.3, -3.14159] {
            for digits in 0...3 {
                XCTAssertEqual(value.formatted(decimals: digits), String(format: "%.\(digits)f", value), "\(value), \(digits)")
            }
        }
    }
}
