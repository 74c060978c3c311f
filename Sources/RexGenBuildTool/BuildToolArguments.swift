import RexGenCore

/// The build tool's command line: a fixed subset of `rexgen generate`'s flags, spelled the same.
struct BuildToolArguments {
    struct UsageError: Error {
        var message: String
    }

    var flags = FlagSettings()
    var configurationPath: String?
    var quiet = false
    var verbose = false

    init<Arguments: Collection<String>>(parsing arguments: Arguments) throws(UsageError) {
        var remaining = arguments[...]
        var collectingReferences = false
        func value(after flag: String) throws(UsageError) -> String {
            guard let value = remaining.popFirst(), !value.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value") }
            return value
        }
        while let argument = remaining.popFirst() {
            // Nearly every argument is a path (tens of thousands in a modular app's target): those skip the
            // flag comparisons, which the debug build the plugin runs in a debug build makes slow.
            guard argument.utf8.first == UInt8(ascii: "-") else {
                if collectingReferences { flags.references.append(argument) } else { flags.sources.append(argument) }
                continue
            }
            switch argument {
            case "--reference": collectingReferences = true; continue
            case "--config": configurationPath = try value(after: argument)
            case "--reference-module":
                let text = try value(after: argument)
                do { _ = try ReferenceModules(arguments: [text]) } catch { throw UsageError(message: error.description) }
                flags.referenceModules.append(text)
            case "--lift":
                let text = try value(after: argument)
                guard let style = LiftStyle(rawValue: text) else {
                    let allowed = LiftStyle.allCases.map(\.rawValue).joined(separator: ", ")
                    throw UsageError(message: "--lift takes \(allowed), not '\(text)'")
                }
                flags.lift.append(style)
            case "--output": flags.output = try value(after: argument)
            case "--file-per-source": flags.filePerSource = true
            case "--quiet": quiet = true
            case "--verbose": verbose = true
            case _ where argument.hasPrefix("--"): throw UsageError(message: "unknown option '\(argument)'")
            default:
                if collectingReferences { flags.references.append(argument) } else { flags.sources.append(argument) }
                continue
            }
            collectingReferences = false
        }
        if flags.output == nil { throw UsageError(message: "missing --output <dir>") }
        if flags.sources.isEmpty { throw UsageError(message: "no input paths") }
    }
}
