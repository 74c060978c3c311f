// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RexGen",
    products: [
        .executable(name: "rexgen", targets: ["RexGen"]),
        .library(name: "RexGenCore", targets: ["RexGenCore"]),
        .plugin(name: "RexGenPlugin", targets: ["RexGenPlugin"]),
        .plugin(name: "RexGenCommand", targets: ["RexGenCommand"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "5.0.1"),
    ],
    targets: [
        .target(
            name: "RexGenCore",
            dependencies: [.product(name: "Yams", package: "Yams")]
        ),
        .executableTarget(
            name: "RexGen",
            dependencies: [
                "RexGenCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(
            name: "RexGenPlugin",
            capability: .buildTool(),
            dependencies: ["RexGen"]
        ),
        .plugin(
            name: "RexGenCommand",
            capability: .command(
                intent: .custom(verb: "rexgen", description: "Write generated enum properties and lifts into each target's Generated/ folder"),
                permissions: [.writeToPackageDirectory(reason: "RexGen writes the generated Swift files into Generated/ inside each target")]
            ),
            dependencies: ["RexGen"]
        ),
        .testTarget(
            name: "RexGenCoreTests",
            dependencies: ["RexGenCore", "RexGen"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
