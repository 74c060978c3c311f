// swift-tools-version: 6.0
// Test-only package: the reference parser for RexGen's differential test. It lives apart from the main
// package so that neither RexGen nor its plugin ever builds swift-syntax; only the differential test
// (Tests/RexGenCoreTests/Reliability/DifferentialTests.swift) builds this, once per run.
import PackageDescription

let package = Package(
    name: "RexGenOracle",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: "603.0.1"),
    ],
    targets: [
        .executableTarget(
            name: "rexgen-oracle",
            dependencies: [
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
