// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "RexGen",
    products: [
        .executable(name: "rexgen", targets: ["RexGen"]),
        .library(name: "RexGenCore", targets: ["RexGenCore"]),
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
        .testTarget(
            name: "RexGenCoreTests",
            dependencies: ["RexGenCore", "RexGen"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
