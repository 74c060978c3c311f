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
        .package(url: "https://github.com/stencilproject/Stencil", from: "0.15.1"),
    ],
    targets: [
        // libclang's types, for reading C headers; the library itself is loaded at run time, only then.
        .target(name: "CLibClang"),
        .target(
            name: "RexGenCore",
            dependencies: ["CLibClang"]
        ),
        // Custom templates (Stencil), kept out of RexGenCore so the build plugin's tool never builds Stencil.
        .target(
            name: "RexGenTemplates",
            dependencies: ["RexGenCore", .product(name: "Stencil", package: "Stencil")]
        ),
        .executableTarget(
            name: "RexGen",
            dependencies: [
                "RexGenCore",
                "RexGenTemplates",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The build plugin's tool: generation only, so a clean build of a package using the plugin does
        // not build swift-argument-parser and Stencil first.
        .executableTarget(
            name: "RexGenBuildTool",
            dependencies: ["RexGenCore"]
        ),
        .plugin(
            name: "RexGenPlugin",
            capability: .buildTool(),
            dependencies: ["RexGenBuildTool"]
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
            // Yams only as an oracle for RexGen's own reader of rexgen.yml: users never build it.
            dependencies: ["RexGenCore", "RexGenTemplates", "RexGen", "RexGenBuildTool",
                           .product(name: "Yams", package: "Yams")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
