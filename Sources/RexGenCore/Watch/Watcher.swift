#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What watch mode regenerates from: the run's options, where to write, and the configuration file they
/// came from (watched too, so editing it takes effect without a restart).
public struct WatchSettings: Sendable, Equatable {
    public var options: GenerationOptions
    public var outputDirectory: String
    public var configurationFile: String?

    public init(options: GenerationOptions, outputDirectory: String, configurationFile: String? = nil) {
        self.options = options
        self.outputDirectory = outputDirectory
        self.configurationFile = configurationFile
    }
}

/// One generation in watch mode, as values: the executable decides what to print.
public struct WatchEvent: Sendable {
    public enum Trigger: Sendable, Equatable {
        /// The generation at start.
        case initial
        /// Swift inputs were added, removed or modified.
        case inputChanged
        /// The configuration file changed (Swift inputs may have changed too).
        case configurationChanged
    }

    public var trigger: Trigger
    /// What changed since the previous generation; empty for the initial one.
    public var changes: SourceSnapshot.Changes
    /// Swift inputs (sources and references) watched after this generation.
    public var watchedFileCount: Int
    /// Swift inputs parsed for this generation; the others' parses were kept from the last one.
    public var parsedFileCount = 0
    /// The run's diagnostics, then any from writing.
    public var diagnostics: [Diagnostic]
    /// Output files rewritten because their content changed.
    public var written: [String]
    public var unchanged: [String]
    public var timings: [StageTiming]
    /// Wall time of the whole generation, writing included.
    public var seconds: Double
    /// False when input errors (nothing written) or write errors left the output as it was.
    public var outputUpdated: Bool
}

/// Watch mode without the process around it: polls a `SourceSnapshot`, and when it changes runs the
/// pipeline and writes the output (only changed files, atomically). Input errors are reported in the
/// event and the previous output stays, so a file saved in the middle of an edit costs one diagnostic,
/// and the next save that fixes it regenerates.
public final class Watcher {
    public private(set) var settings: WatchSettings
    /// The inputs as they were when the last generation started.
    public private(set) var snapshot = SourceSnapshot()
    public let interval: Duration
    private let reload: (() -> WatchSettings?)?
    private let templateRenderer: (any TemplateRendering)?
    /// Names of the files generations write, never watched as input: those the layout names before any
    /// run, and each generation's own (one per source with `filePerSource`), as they appear.
    private var outputNames: Set<String>
    /// The last generation's parses: the next parses only the files whose content changed.
    private var parses = ParseMemory()
    /// The non-system headers that the given C headers included in the last generation: watched too, as
    /// the `--output` cache counts them, so editing one (an enum, or a macro one depends on) regenerates.
    private var includedHeaders: [String] = []

    /// `reload` is called when the configuration file changes; nil keeps the previous settings (say, the
    /// file is half-edited and does not parse; the caller reports why).
    public init(settings: WatchSettings, interval: Duration = .milliseconds(250),
                templateRenderer: (any TemplateRendering)? = nil, reload: (() -> WatchSettings?)? = nil) {
        self.settings = settings
        self.outputNames = Set(OutputLayout(settings.options).fileNames(sourcePaths: []))
            .union([OutputLayout.enumPropertiesFileName, OutputLayout.liftFileName])
        self.interval = interval
        self.templateRenderer = templateRenderer
        self.reload = reload
    }

    /// The first generation, whatever the files look like.
    public func start() -> WatchEvent {
        snapshot = capture()
        return generate(.initial, changes: SourceSnapshot.Changes())
    }

    /// One look at the inputs: a generation when they changed since the last one, else nil.
    public func poll() -> WatchEvent? {
        var current = capture()
        let changes = current.changes(since: snapshot)
        guard !changes.isEmpty else { return nil }
        var trigger = WatchEvent.Trigger.inputChanged
        if let configuration = settings.configurationFile, changes.extraFiles.contains(configuration) {
            trigger = .configurationChanged
            if let reloaded = reload?(), reloaded != settings {
                settings = reloaded
                // New sources or a new output directory mean a different set of files to watch.
                current = capture()
            }
        }
        // Taken before the run reads anything: an edit made while generating differs from it, so the
        // next poll picks that edit up instead of losing it.
        snapshot = current
        return generate(trigger, changes: changes)
    }

    /// Polls every `interval` until `stop` is requested, reporting each generation. Call `start()` first;
    /// a stop never interrupts a generation, so the output is always a complete set.
    public func run(until stop: WatchStop, report: (WatchEvent) -> Void) {
        while !stop.wait(upTo: interval) {
            if let event = poll() { report(event) }
        }
    }

    /// The Swift inputs, plus the other files a run reads: the configuration, C headers (and the non-system
    /// headers they include) and template files (a built-in template's name is not a file, so
    /// it is not watched).
    private func capture() -> SourceSnapshot {
        let options = settings.options
        let templateFiles = options.templates.filter { name in !TemplateSource.builtIns.contains { $0.name == name } }
        let headers = options.cHeaders.headers + includedHeaders
        return SourceSnapshot.capture(
            options, extraFiles: (settings.configurationFile.map { [$0] } ?? []) + headers + templateFiles,
            excluding: outputPaths)
    }

    /// After a generation: starts watching headers that are now included, and stops watching those that
    /// no longer are. A new one is signed now, after the run read it: an edit made during that run is seen
    /// at its next change.
    private func updateIncludedHeaders(from model: SourceModel) {
        let given = Set(settings.options.cHeaders.headers)
        let included = IncrementalGeneration.includedHeaders(in: model, settings.options, excluding: given)
        guard included != includedHeaders else { return }
        for gone in Set(includedHeaders).subtracting(included) where !given.contains(gone) {
            snapshot.extraFiles[gone] = nil
        }
        for added in Set(included).subtracting(includedHeaders) {
            snapshot.extraFiles[added] = SourceSnapshot.signature(of: added)
        }
        includedHeaders = included
    }

    private var outputPaths: [String] {
        outputNames.sorted().map(OutputDirectory(path: settings.outputDirectory).filePath)
    }

    private func generate(_ trigger: WatchEvent.Trigger, changes: SourceSnapshot.Changes) -> WatchEvent {
        let clock = Stopwatch()
        let result = Pipeline.run(settings.options, templateRenderer: templateRenderer, remembering: &parses)
        updateIncludedHeaders(from: result.model)
        let newNames = Set(result.files.map(\.name)).subtracting(outputNames)
        if !newNames.isEmpty {
            outputNames.formUnion(newNames)
            // Otherwise the next poll would see the new output file vanish from the inputs.
            snapshot = snapshot.excluding(outputPaths)
        }
        var event = WatchEvent(trigger: trigger, changes: changes, watchedFileCount: snapshot.files.count,
                               diagnostics: result.diagnostics, written: [], unchanged: [], timings: result.timings,
                               seconds: 0, outputUpdated: false)
        event.parsedFileCount = result.parsedFileCount
        if !result.hasErrors {
            let written = OutputDirectory(path: settings.outputDirectory)
                .write(result.files, removingStale: settings.options.staleOutputSuffix)
            event.written = written.written
            event.unchanged = written.unchanged
            event.diagnostics += written.diagnostics
            event.outputUpdated = !written.diagnostics.containsErrors
        }
        event.seconds = clock.seconds
        return event
    }
}
