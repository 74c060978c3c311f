import XCTest
@testable import RexGenCore

/// How a generated file's conditional imports are written: consecutive imports share the `#if` blocks they are
/// both in, and a later clause of a block continues it (`[IfConfigClause].directives(from:to:)`).
final class ImportDirectivesTests: XCTestCase {
    private let iOS = IfConfigClause(blockID: 0, kind: .if, condition: "os(iOS)", precedingConditions: [])
    private let macOS = IfConfigClause(blockID: 0, kind: .elseif, condition: "os(macOS)", precedingConditions: ["os(iOS)"])
    private let other = IfConfigClause(blockID: 0, kind: .else, condition: "", precedingConditions: ["os(iOS)", "os(macOS)"])
    private let debug = IfConfigClause(blockID: 1, kind: .if, condition: "DEBUG", precedingConditions: [])

    private func written(_ imports: [(String, [IfConfigClause])]) -> String {
        var writer = SwiftCodeWriter()
        ImportsRenderer.write(imports.map { ImportDeclaration(text: $0.0, ifConfig: $0.1) }, to: &writer)
        return writer.text
    }

    func testTheClausesOfOneBlockShareIt() {
        XCTAssertEqual(written([("import UIKit", [iOS]), ("import AppKit", [macOS]), ("import Foundation", [other])]), """

            #if os(iOS)
            import UIKit
            #elseif os(macOS)
            import AppKit
            #else
            import Foundation
            #endif

            """)
    }

    func testAnOuterBlockStaysOpenAndAClauseWithoutItsPredecessorRebuildsIt() {
        XCTAssertEqual(written([("import A", [debug, iOS]), ("import B", [debug, other]), ("import C", [macOS])]), """

            #if DEBUG
            #if os(iOS)
            import A
            #endif
            #if os(iOS)
            #elseif os(macOS)
            #else
            import B
            #endif
            #endif
            #if os(iOS)
            #elseif os(macOS)
            import C
            #endif

            """, "`#else` after `#if os(iOS)` skips `#elseif os(macOS)`, so it is rebuilt whole")
    }

    func testTheSameImportTwiceIsWrittenOnce() {
        XCTAssertEqual(written([("import A", [debug]), ("import A", [debug])]), "\n#if DEBUG\nimport A\n#endif\n")
    }

    /// The sources' own `import CasePathsCore`, at any access level, gives way to RexGen's, which is as wide.
    func testASourcesOwnCasePathsImportIsReplaced() {
        var imports = [ImportDeclaration(text: "import Foundation"), ImportDeclaration(text: "package import CasePathsCore"),
                       ImportDeclaration(text: "@testable import CasePathsCore"), ImportDeclaration(text: "import CasePathsCore")]
        XCTAssertEqual(EnumPropertiesPlanner.removeCasePathsImports(from: &imports), .package)
        XCTAssertEqual(imports.map(\.text), ["import Foundation", "@testable import CasePathsCore"])
    }
}
