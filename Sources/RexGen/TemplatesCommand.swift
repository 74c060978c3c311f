import ArgumentParser
import RexGenCore

/// `rexgen templates list|cat NAME`, like SwiftGen's `template list/cat`.
struct TemplatesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "templates",
        abstract: "List or print the built-in templates, as a starting point for your own.",
        subcommands: [List.self, Cat.self],
        defaultSubcommand: List.self)

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the built-in templates.")

        func run() {
            for template in TemplateSource.builtIns {
                Console.output("\(template.name)\t→ \(template.outputFileName)\t\(template.purpose)\n")
            }
        }
    }

    struct Cat: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print a built-in template.")

        @Argument(help: "The template's name, as `rexgen templates list` shows it.")
        var name: String

        func validate() throws {
            guard TemplateSource.builtIns.contains(where: { $0.name == name }) else {
                let names = TemplateSource.builtIns.map(\.name).joined(separator: ", ")
                throw ValidationError("No built-in template named '\(name)' (built-ins: \(names)).")
            }
        }

        func run() {
            Console.output(TemplateSource.builtIns.first { $0.name == name }!.text)
        }
    }
}
