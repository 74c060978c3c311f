#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The files a run with `--output` writes, named in one place. Generation, the incremental driver's
/// up-to-date check and the watcher ask it; the plugins, which cannot import RexGenCore, keep their own copy
/// of these names in `PluginsShared`, and `PluginArgumentTests` ties the two together.
public struct OutputLayout: Sendable, Equatable {
    public static let enumPropertiesFileName = "EnumProperties.generated.swift"
    public static let liftFileName = "ActionLifts.generated.swift"
    /// `Foo.swift` → `Foo+EnumProperties.generated.swift`, with one file per source.
    public static let perSourceSuffix = "+EnumProperties.generated.swift"

    /// One enum-properties file per source (the build plugin's layout), beside the one for C headers' enums.
    public var filePerSource: Bool
    public var writesLifts: Bool
    /// Templates replace the built-in outputs, each writing a file named after it.
    public var templates: [String]

    public init(filePerSource: Bool, writesLifts: Bool, templates: [String] = []) {
        self.filePerSource = filePerSource
        self.writesLifts = writesLifts
        self.templates = templates
    }

    public init(_ options: GenerationOptions) {
        self.init(filePerSource: options.filePerSource, writesLifts: !options.lift.isEmpty, templates: options.templates)
    }

    /// Every file a run writes, known before it runs: the enum properties (and, with `filePerSource`, one
    /// file per source in `sourcePaths`' order), then the lifts; or one file per template.
    public func fileNames(sourcePaths: [String]) -> [String] {
        guard templates.isEmpty else {
            return templates.map { nameOrPath in
                TemplateSource.builtIns.first { $0.name == nameOrPath }?.outputFileName
                    ?? PathText.deletingExtension(of: PathText.lastComponent(of: nameOrPath)) + ".generated.swift"
            }
        }
        let perSource = filePerSource ? sourcePaths.map(Self.perSourceFileName) : []
        return [Self.enumPropertiesFileName] + perSource + (writesLifts ? [Self.liftFileName] : [])
    }

    /// `Foo.swift` → `Foo+EnumProperties.generated.swift`. A Swift module's files have distinct names, so
    /// these are distinct too, and the build plugin can name them all before anything runs.
    public static func perSourceFileName(for sourcePath: String) -> String {
        // On the path's bytes: a target's tens of thousands of sources are named three times a run, and
        // `lastIndex(of: "/")` walks `Character`s (grapheme breaking), which cost a modular app's one-edit
        // run tens of milliseconds.
        let name = sourcePath.withCString { start -> String in
            let end = start + strlen(start)
            let nameStart = strrchr(start, 0x2F).map { UnsafePointer($0) + 1 } ?? start
            var count = end - nameStart
            if count >= 6, memcmp(end - 6, ".swift", 6) == 0 { count -= 6 }
            return String(decoding: UnsafeRawBufferPointer(start: nameStart, count: count), as: UTF8.self)
        }
        return name + perSourceSuffix
    }
}
