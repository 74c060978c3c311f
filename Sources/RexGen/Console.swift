import Foundation
import RexGenCore

/// The only place that prints: diagnostics and timings to stderr, generated code to stdout.
enum Console {
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    static func output(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func output(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func report(_ diagnostics: [Diagnostic], quiet: Bool) {
        for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
            error(diagnostic.description)
        }
    }

    static func report(_ timings: [StageTiming]) {
        for timing in timings {
            error(String(format: "rexgen: %-10@ %8.2f ms  %@", timing.stage as NSString, timing.seconds * 1000,
                         timing.detail as NSString))
        }
    }
}
