import RexGenCore
import Foundation
import Stencil

/// The filters Sourcery templates use beyond Stencil's own.
enum TemplateFilters {
    static func register(in templateExtension: Extension) {
        templateExtension.registerFilter("upperFirstLetter") { value in
            string(value).map(SwiftNames.upperFirstLetter)
        }
        templateExtension.registerFilter("lowerFirstLetter") { value in
            string(value).map(SwiftNames.lowerFirstLetter)
        }
        templateExtension.registerFilter("swiftIdentifier") { value in
            string(value).map(swiftIdentifier)
        }
        templateExtension.registerFilter("contains") { value, arguments in
            try containment(value, arguments, "contains") { $0.contains($1) }
        }
        templateExtension.registerFilter("hasPrefix") { value, arguments in
            try containment(value, arguments, "hasPrefix") { $0.hasPrefix($1) }
        }
        templateExtension.registerFilter("hasSuffix") { value, arguments in
            try containment(value, arguments, "hasSuffix") { $0.hasSuffix($1) }
        }
        templateExtension.registerFilter("replace") { value, arguments in
            guard arguments.count == 2, let target = string(arguments[0]), let replacement = string(arguments[1]) else {
                throw TemplateSyntaxError("'replace' takes two strings: replace:\"old\",\"new\"")
            }
            return string(value)?.replacingOccurrences(of: target, with: replacement)
        }
        templateExtension.registerFilter("annotated") { value, arguments in
            guard arguments.count == 1, let name = string(arguments[0]) else {
                throw TemplateSyntaxError("'annotated' takes one annotation name: annotated:\"Prism\"")
            }
            let record = (value as? TemplateObject)?.values ?? (value as? [String: Any])
            guard let annotations = record?["annotations"] as? [String: Any] else { return false }
            return annotations[name] != nil
        }
    }

    private static func string(_ value: Any?) -> String? {
        switch value {
        case let text as String: text
        case let convertible as CustomStringConvertible: convertible.description
        default: nil
        }
    }

    /// `contains` works on strings and on arrays of strings, as in Sourcery.
    private static func containment(_ value: Any?, _ arguments: [Any?], _ name: String,
                                    _ test: (String, String) -> Bool) throws -> Bool {
        guard arguments.count == 1, let needle = string(arguments[0]) else {
            throw TemplateSyntaxError("'\(name)' takes one string argument")
        }
        if let array = value as? [Any] { return array.contains { string($0).map { test($0, needle) } ?? false } }
        return string(value).map { test($0, needle) } ?? false
    }

    /// Any text made into a valid Swift identifier: `my-screen` → `my_screen`, `2fa` → `_2fa`.
    static func swiftIdentifier(_ text: String) -> String {
        var result = String(text.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        if result.first.map({ $0.isNumber }) ?? true { result = "_" + result }
        return SwiftNames.escaped(result)
    }
}
