import Foundation

/// What the last successful run read and wrote, kept in the output directory (`.rexgen-cache`), so a run
/// where nothing changed costs a directory walk and one `stat` per file instead of a full generation.
///
/// Nothing in it is trusted beyond a match: any difference in the options, in any input's size,
/// modification time or inode, or in an output file (edited, replaced, deleted) means a full run.
public struct GenerationCache: Equatable, Sendable {
    public static let fileName = ".rexgen-cache"
    private static let formatLine = "rexgen-cache 1"

    public var fingerprint: String
    public var inputs: SourceSnapshot
    /// Output file name → what `stat` said right after it was written (or found up to date).
    public var outputs: [String: SourceSnapshot.Signature]
    /// The warnings and notes of that run, shown again when it is reused.
    public var diagnostics: [String]

    public init(fingerprint: String, inputs: SourceSnapshot, outputs: [String: SourceSnapshot.Signature],
                diagnostics: [String]) {
        self.fingerprint = fingerprint
        self.inputs = inputs
        self.outputs = outputs
        self.diagnostics = diagnostics
    }

    /// Everything about the options that changes the output, in a stable order.
    public static func fingerprint(_ options: GenerationOptions, version: String = RexGenVersion.current) -> String {
        let arguments = options.templateArguments.sorted { $0.key < $1.key }.map { key, value in
            switch value {
            case .value(let text): "\(key)=\(text)"
            case .list(let items): "\(key)=[\(items.joined(separator: ","))]"
            }
        }
        let parts: [(String, [String])] = [
            ("version", [version]), ("sources", options.sources), ("references", options.references),
            ("suffixes", options.selection.suffixes), ("allEnums", [String(options.selection.selectsAllEnums)]),
            ("lift", [options.lift.rawValue]), ("roots", options.roots), ("templates", options.templates),
            ("args", arguments), ("cHeaders", options.cHeaders.headers), ("includePaths", options.cHeaders.includePaths),
            ("defines", options.cHeaders.defines), ("filePerSource", [String(options.filePerSource)]),
        ]
        return parts.map { "\($0.0)=\($0.1.joined(separator: "\u{1F}"))" }.joined(separator: "\u{1E}")
    }

    // MARK: - File format: one record a line, fields separated by tabs

    public func encoded() -> String {
        var lines = [Self.formatLine, "P\t" + Self.escaped(fingerprint)]
        func record(_ tag: String, _ path: String, _ signature: SourceSnapshot.Signature?) -> String {
            let fields = signature.map { ["\($0.size)", "\($0.modified)", "\($0.inode)"] } ?? ["-", "-", "-"]
            return ([tag] + fields + [Self.escaped(path)]).joined(separator: "\t")
        }
        lines += inputs.files.sorted { $0.key < $1.key }.map { record("F", $0.key, $0.value) }
        lines += inputs.extraFiles.sorted { $0.key < $1.key }.map { record("X", $0.key, $0.value) }
        lines += outputs.sorted { $0.key < $1.key }.map { record("O", $0.key, $0.value) }
        lines += diagnostics.map { "D\t" + Self.escaped($0) }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func decode(_ text: String) -> GenerationCache? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.popFirst() == Substring(formatLine) else { return nil }
        var cache = GenerationCache(fingerprint: "", inputs: SourceSnapshot(), outputs: [:], diagnostics: [])
        for line in lines {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            switch (fields.first, fields.count) {
            case ("P", 2): cache.fingerprint = unescaped(fields[1])
            case ("D", 2): cache.diagnostics.append(unescaped(fields[1]))
            case ("F", 5), ("X", 5), ("O", 5):
                let path = unescaped(fields[4])
                let signature: SourceSnapshot.Signature?
                if fields[1] == "-" {
                    signature = nil
                } else {
                    guard let size = Int64(fields[1]), let modified = Int64(fields[2]), let inode = UInt64(fields[3]) else {
                        return nil
                    }
                    signature = SourceSnapshot.Signature(size: size, modified: modified, inode: inode)
                }
                switch fields[0] {
                case "F": cache.inputs.files[path] = .some(signature)
                case "X": cache.inputs.extraFiles[path] = .some(signature)
                default:
                    guard let signature else { return nil }
                    cache.outputs[path] = signature
                }
            default:
                return nil
            }
        }
        return cache
    }

    public static func load(from directory: OutputDirectory) -> GenerationCache? {
        guard let data = FileManager.default.contents(atPath: directory.filePath(fileName)) else { return nil }
        return decode(String(decoding: data, as: UTF8.self))
    }

    @discardableResult
    public func save(to directory: OutputDirectory) -> Diagnostic? {
        AtomicFileWriter.write(Array(encoded().utf8), to: directory.filePath(Self.fileName))
    }

    public static func remove(from directory: OutputDirectory) {
        unlink(directory.filePath(fileName))
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n")
    }

    private static func unescaped(_ text: String) -> String {
        var result = ""
        var escaping = false
        for character in text {
            if escaping {
                result.append(character == "t" ? "\t" : character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}
