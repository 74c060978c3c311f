import Foundation
import RexGenCore

/// Renders `--template`s with Stencil: the template renderer of the `rexgen` executable.
public struct StencilTemplateRenderer: TemplateRendering {
    public init() {}

    public func render(_ result: Pipeline.Result, options: GenerationOptions,
                       diagnostics: inout [Diagnostic]) -> [GeneratedFile] {
        let engine = TemplateEngine()
        let context = TemplateContext.make(result, selection: options.selection, arguments: options.templateArguments)
        var files: [GeneratedFile] = []
        for nameOrPath in options.templates {
            switch TemplateSource.resolve(nameOrPath).flatMap({ $0.render(with: engine, context: context) }) {
            case .success(let file):
                if let clash = files.first(where: { $0.name == file.name }) {
                    diagnostics.append(.error("two templates would both write '\(clash.name)'; rename one",
                                              at: SourceLocation(file: nameOrPath, line: 1, column: 1)))
                } else {
                    files.append(file)
                }
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
            }
        }
        return files
    }
}

extension TemplateSource {
    /// Renders with `context` plus this template's `header`; output that does not start with RexGen's header
    /// gets it, since only files carrying it are ever overwritten.
    func render(with engine: TemplateEngine, context: [String: Any]) -> Result<GeneratedFile, Diagnostic> {
        let header = GeneratedFile.header(purpose: purpose)
        var context = context
        context["header"] = header
        return engine.render(text, path: path, context: context).map { output in
            let contents = output.hasPrefix(GeneratedFile.headerMarker) ? output : header + "\n\n" + output
            return GeneratedFile(name: outputFileName, contents: contents)
        }
    }
}

extension TemplateArgument {
    var templateValue: Any {
        switch self {
        case .value(let text): text
        case .list(let items): items
        }
    }
}
