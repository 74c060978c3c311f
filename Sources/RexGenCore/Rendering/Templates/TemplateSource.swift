#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A template to render: one of the built-ins, by name, or a user's file, by path.
public struct TemplateSource: Sendable, Equatable {
    /// `EnumProperties`, or the file's name without its extension; the output is `<name>.generated.swift`.
    public var name: String
    /// Where diagnostics point.
    public var path: String
    public var text: String
    /// The second line of the generated file's header.
    public var purpose: String

    public var outputFileName: String { name + ".generated.swift" }

    /// The built-in outputs as templates (the files in Templates/), for `rexgen templates list|cat`.
    public static var builtIns: [TemplateSource] { BuiltInTemplates.all }

    /// A built-in's name, or else a path to a template file.
    public static func resolve(_ nameOrPath: String) -> Result<TemplateSource, Diagnostic> {
        if let builtIn = BuiltInTemplates.all.first(where: { $0.name == nameOrPath }) { return .success(builtIn) }
        let location = SourceLocation(file: nameOrPath, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: nameOrPath) else {
            let names = BuiltInTemplates.all.map(\.name).joined(separator: ", ")
            return .failure(.error("no template file at '\(nameOrPath)', and no built-in template of that name "
                + "(built-ins: \(names))", at: location))
        }
        guard let text = String(data: data, encoding: .utf8) else {
            return .failure(.error("template '\(nameOrPath)' is not valid UTF-8", at: location))
        }
        let fileName = PathText.lastComponent(of: nameOrPath)
        return .success(TemplateSource(name: PathText.deletingExtension(of: fileName), path: nameOrPath, text: text,
                                       purpose: "Rendered from the template \(fileName)."))
    }
}

/// Renders user templates. It lives outside RexGenCore (in RexGenTemplates, on Stencil) so that a tool that
/// never renders templates, such as the build plugin's, does not pay Stencil's build time.
public protocol TemplateRendering: Sendable {
    /// One file per template in `options.templates`; failures are diagnostics.
    func render(_ result: Pipeline.Result, options: GenerationOptions, diagnostics: inout [Diagnostic]) -> [GeneratedFile]
}
