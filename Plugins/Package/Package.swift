// swift-tools-version: 6.0
import PackageDescription

// RexGen's build plugin as users add it: a package holding the plugin and, once a release exists, RexGen's
// prebuilt tools (an artifact bundle, with Linux x86_64 and arm64 and macOS universal variants), so a clean
// build of the user's package builds no RexGen code. Published by the release workflow as its own repository
// (a package must be a repository's root); its manifest's `tools` line is written by
// Scripts/make-release.py, never by hand.
//
// Until a release writes it (`.source`, as in RexGen's repository), the plugin builds `RexGenBuildTool` from
// the sources beside it (symlinks to RexGen's own, copied as files when published): the same tool, paid for
// in the user's clean build.

enum Tools {
    /// Build `RexGenBuildTool` from source.
    case source
    /// A local artifact bundle, inside this package (what Scripts/test-prebuilt-plugin.sh builds).
    case bundle(path: String)
    /// A release's artifact bundle: its zip's URL and `swift package compute-checksum` of it.
    case release(url: String, checksum: String)
}

let tools: Tools = .source  // rexgen-release: written by Scripts/make-release.py

let toolTargets: [Target]
let toolDependency: Target.Dependency
switch tools {
case .source:
    toolTargets = [
        .target(name: "CLibClang"),
        .target(name: "RexGenCore", dependencies: ["CLibClang"]),
        .executableTarget(name: "RexGenBuildTool", dependencies: ["RexGenCore"]),
    ]
    toolDependency = "RexGenBuildTool"
case .bundle(let path):
    toolTargets = [.binaryTarget(name: "RexGenBinaries", path: path)]
    toolDependency = "RexGenBinaries"
case .release(let url, let checksum):
    toolTargets = [.binaryTarget(name: "RexGenBinaries", url: url, checksum: checksum)]
    toolDependency = "RexGenBinaries"
}

let package = Package(
    name: "RexGenPlugins",
    products: [
        .plugin(name: "RexGenPlugin", targets: ["RexGenPlugin"]),
    ],
    targets: toolTargets + [
        // The same plugin as RexGen's own (Plugins/RexGenPlugin): it asks for the tool named `RexGenBuildTool`,
        // which the bundle's artifact of that name or the source target provides.
        .plugin(name: "RexGenPlugin", capability: .buildTool(), dependencies: [toolDependency]),
    ],
    swiftLanguageModes: [.v6]
)
