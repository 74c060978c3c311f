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
        let trimmed = BlockLineTrimmer(text)
        let template = Template(templateString: trimmed.text, environment: environment, name: path)
        do {
            return .success(try template.render(Context(dictionary: context, environment: environment)))
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
