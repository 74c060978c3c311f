import RexGenCore
import Foundation
import Stencil

/// Renders Stencil templates, the engine Sourcery and SwiftGen users already write, with the filters and
/// the StencilSwiftKit tags (`set`, `macro`/`call`, `map`) such templates use.
public struct TemplateEngine {
    private let environment: Environment

    public init() {
        let templateExtension = Extension()
        TemplateFilters.register(in: templateExtension)
        StencilSwiftKitTags.register(in: templateExtension)
        // Lines holding only block tags are removed by `BlockLineTrimmer`; Stencil itself trims nothing.
        environment = Environment(extensions: [templateExtension], trimBehaviour: .nothing)
    }

    /// Renders `text` (from `path`, for diagnostics) with `context`; errors carry the template's location.
    public func render(_ text: String, path: String, context: [String: Any]) -> Result<String, Diagnostic> {
        // Lines are handled as `\n`-ended (Stencil counts `\r\n` as two lines); a CRLF template gets CRLF back.
        let usesCRLF = text.contains("\r\n")
        let trimmed = BlockLineTrimmer(usesCRLF ? text.replacingOccurrences(of: "\r\n", with: "\n") : text)
        let template = Template(templateString: trimmed.text, environment: environment, name: path)
        do {
            // A pushed frame gives top-level `set` and `macro` somewhere to write, even with an empty context.
            let renderContext = Context(dictionary: context, environment: environment)
            let output = try renderContext.push { try template.render(renderContext) }
            return .success(usesCRLF ? output.replacingOccurrences(of: "\n", with: "\r\n") : output)
        } catch let error as TemplateSyntaxError {
            let token = error.token ?? error.stackTrace.last
            let location = token.map { token in
                let original = trimmed.originalLocation(line: Int(token.sourceMap.location.lineNumber),
                                                        column: token.sourceMap.location.lineOffset)
                return SourceLocation(file: path, line: original.line, column: original.column + 1)
            } ?? SourceLocation(file: path, line: 1, column: 1)
            return .failure(.error("template error: \(error.reason)", at: location))
        } catch {
            return .failure(.error("template error: \(error)", at: SourceLocation(file: path, line: 1, column: 1)))
        }
    }
}
