import ArgumentParser
import Foundation
import RexGenCore
import RexGenTemplates

struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Generate into --output, then regenerate whenever the sources or rexgen.yml change, until Ctrl-C.")

    @OptionGroup var input: InputOptions

    @Option(help: "The directory to write the generated files into (or 'output:' in rexgen.yml).")
    var output: String?

    func run() throws {
        // Usage and configuration errors at start still end the command: there is nothing to watch yet.
        let settings = try resolveSettings()
        let stop = WatchStop()
        Self.stopOnSignals(stop)

        let watcher = Watcher(settings: settings, templateRenderer: StencilTemplateRenderer(), reload: reloadSettings)
        report(watcher.start())
        if !input.quiet {
            let inputs = (settings.options.sources + settings.options.references).joined(separator: ", ")
            let count = watcher.snapshot.files.count
            Console.error("rexgen: watching \(count) \(count == 1 ? "file" : "files") in \(inputs); "
                + "writing to \(settings.outputDirectory) (Ctrl-C to stop)")
        }
        watcher.run(until: stop, report: report)
        if !input.quiet { Console.error("rexgen: stopped watching") }
    }

    /// SIGINT and SIGTERM end the polling loop instead of the process, so a generation under way finishes
    /// (the output is never half-updated) and the exit code is 0.
    ///
    /// Not a `DispatchSourceSignal`: on Linux one was seen to lose a Ctrl-C (the main thread leaves the
    /// signal unblocked, so it need not reach libdispatch). Blocking them here, before the pipeline starts
    /// any worker thread, makes every later thread inherit the mask, so each signal stays pending until
    /// the `sigwait` thread takes it.
    private static func stopOnSignals(_ stop: WatchStop) {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        let awaited = signals
        Thread.detachNewThread {
            var set = awaited
            var received: Int32 = 0
            // Fails only for an invalid set; then Ctrl-C simply stays blocked rather than spinning here.
            if sigwait(&set, &received) == 0 { stop.request() }
        }
    }

    private func resolveSettings() throws -> WatchSettings {
        let resolved = try input.resolve(requiringOutput: true, output: output)
        // `requiringOutput` guarantees the directory.
        return WatchSettings(options: resolved.options, outputDirectory: resolved.outputDirectory ?? ".",
                             configurationFile: resolved.configurationFile)
    }

    /// A configuration file saved mid-edit must not stop the watch: its errors are printed (by `resolve`)
    /// and the previous settings stay until it is fixed.
    private func reloadSettings() -> WatchSettings? {
        do {
            return try resolveSettings()
        } catch {
            if !(error is ExitCode) {
                Console.error("rexgen: error: \(Self.message(for: error))")
            }
            Console.error("rexgen: keeping the previous configuration until the configuration file is fixed")
            return nil
        }
    }

    private func report(_ event: WatchEvent) {
        Console.report(event.diagnostics, quiet: input.quiet)
        guard !input.quiet else { return }
        let outcome: String
        if !event.outputUpdated {
            outcome = "output left as it was; waiting for the next change"
        } else if event.written.isEmpty {
            outcome = "output unchanged"
        } else {
            outcome = "wrote " + event.written.joined(separator: ", ")
        }
        Console.error("rexgen: \(Self.cause(of: event)): \(outcome)")
        if input.verbose {
            Console.report(event.timings)
            Console.error(String(format: "rexgen: generation took %.2f ms", event.seconds * 1000))
        }
    }

    /// Names the changed files when there are few, as the user just saved them; counts them otherwise.
    private static func cause(of event: WatchEvent) -> String {
        guard event.trigger != .initial else { return "generated" }
        let changes = event.changes
        let count = changes.allPaths.count
        guard count <= 3 else { return "\(count) files changed" }
        let described = changes.modified.map { "\($0) changed" } + changes.added.map { "\($0) added" }
            + changes.removed.map { "\($0) removed" } + changes.extraFiles.map { "\($0) changed" }
        return described.joined(separator: ", ")
    }
}
