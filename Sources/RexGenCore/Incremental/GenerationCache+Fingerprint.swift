#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The identity of a run's options: a cache written under other options is of another run.
extension GenerationCache {
    /// Everything about the options that changes the output, in a stable order.
    public static func fingerprint(_ options: GenerationOptions, version: String = RexGenVersion.current) -> String {
        let arguments = options.templateArguments.sorted { $0.key < $1.key }.map { key, value in
            switch value {
            case .value(let text): "\(key)=\(text)"
            case .list(let items): "\(key)=[\(items.joined(separator: ","))]"
            }
        }
        let parts: [(String, [String])] = [
            ("version", [version]), ("sources", digest(options.sources)), ("references", digest(options.references)),
            ("referenceModules", digest(options.referenceModules.arguments)),
            ("suffixes", options.selection.suffixes), ("allEnums", [String(options.selection.selectsAllEnums)]),
            ("lift", options.lift.frameworks.map(\.rawValue)),
            ("combineFeedbackAPI", [options.combineFeedbackAPI.rawValue]), ("roots", options.roots), ("templates", options.templates),
            ("args", arguments), ("cHeaders", options.cHeaders.headers), ("includePaths", options.cHeaders.includePaths),
            ("defines", options.cHeaders.defines), ("filePerSource", [String(options.filePerSource)]),
            ("casePaths", [String(options.casePaths)]),
        ]
        return parts.map { "\($0.0)=\($0.1.joined(separator: "\u{1F}"))" }.joined(separator: "\u{1E}")
    }

    /// A long list of paths (the build plugin names every file of every dependency) as its length and two
    /// independent 64-bit hashes, so the fingerprint stays small to store, load and compare.
    private static func digest(_ paths: [String]) -> [String] {
        guard paths.count > 16 else { return paths }
        var joined = paths.joined(separator: "\u{1F}")
        return joined.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return ["\(paths.count) paths", String(ContentHash.of(raw), radix: 16), String(ContentHash.of(raw, seed: 1), radix: 16)]
        }
    }
}
