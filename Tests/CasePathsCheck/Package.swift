// swift-tools-version: 6.0
// Test-only package: compiles RexGen's macro-free CasePathable conformances against swift-case-paths 1.x's
// CasePathsCore (the library without its macro, so without swift-syntax) and runs a driver that uses them.
// LiftCasePathsTests copies the Case Paths fixture and its generated code into Sources/ of a copy of this
// package and runs it; RexGen itself never depends on swift-case-paths.
import PackageDescription

let package = Package(
    name: "RexGenCasePathsCheck",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/pointfreeco/swift-case-paths", exact: "1.10.0"),
    ],
    targets: [
        .executableTarget(
            name: "CasePathsCheck",
            dependencies: [.product(name: "CasePathsCore", package: "swift-case-paths")],
            // The generated code is held to RexGen's bar: no warnings. With internal imports by default (Swift 7's
            // rule), the public enums' conformances need `public import CasePathsCore`.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"]), .enableUpcomingFeature("InternalImportsByDefault")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
