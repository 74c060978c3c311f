#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything one run needs to know, whether it came from flags, `rexgen.yml` or a plugin.
public struct GenerationOptions: Sendable, Equatable {
    /// Files and directories whose action enums get generated code.
    public var sources: [String]
    /// Files and directories read only to resolve names across modules; nothing is generated for them.
    public var references: [String]
    /// The module each reference belongs to, where known (`--reference-module`).
    public var referenceModules: ReferenceModules
    public var selection: SelectionRules
    /// Which frameworks' lift extensions to generate (none: no lift file).
    public var lift: LiftSelection
    /// Which CombineFeedback API the pullbacks are written for.
    public var combineFeedbackAPI: CombineFeedbackAPI
    /// Root action enums by name; empty means every source action enum that has no parent.
    public var roots: [String]
    /// Built-in template names or template paths to render instead of the default outputs.
    public var templates: [String]
    /// Values templates read as `argument.<key>`.
    public var templateArguments: [String: TemplateArgument]
    /// C headers whose enums join the model (read through libclang, only when some are given).
    public var cHeaders: CHeaderOptions
    /// Each selected enum also gets the `CasePathable` conformance swift-case-paths 1.x's macro would write,
    /// without the macro (it compiles against `CasePathsCore`).
    public var casePaths: Bool
    /// Enum properties in one file per Swift source (`Foo+EnumProperties.generated.swift`) instead of one
    /// file for all: what the build plugin uses, so an edit recompiles one small file.
    public var filePerSource: Bool

    /// With one file per source, earlier per-source files that a run no longer writes are removed.
    public var staleOutputSuffix: String? {
        filePerSource && templates.isEmpty ? EnumPropertiesRenderer.perSourceSuffix : nil
    }

    public init(sources: [String], references: [String] = [], selection: SelectionRules = SelectionRules(),
                lift: LiftSelection = .swiftRex, combineFeedbackAPI: CombineFeedbackAPI = .release, roots: [String] = [],
                templates: [String] = [], templateArguments: [String: TemplateArgument] = [:],
                cHeaders: CHeaderOptions = CHeaderOptions(), casePaths: Bool = false, filePerSource: Bool = false,
                referenceModules: ReferenceModules = ReferenceModules()) {
        self.sources = sources
        self.references = references
        self.referenceModules = referenceModules
        self.selection = selection
        self.lift = lift
        self.combineFeedbackAPI = combineFeedbackAPI
        self.roots = roots
        self.templates = templates
        self.templateArguments = templateArguments
        self.cHeaders = cHeaders
        self.casePaths = casePaths
        self.filePerSource = filePerSource
    }
}

/// A value templates read as `argument.<key>`: one string, or a list (`{% for name in argument.imports %}`).
public enum TemplateArgument: Sendable, Equatable {
    case value(String)
    case list([String])

    /// `--args imports=A --args imports=B` makes a list, as in Sourcery.
    public func appending(_ text: String) -> TemplateArgument {
        switch self {
        case .value(let first): .list([first, text])
        case .list(let items): .list(items + [text])
        }
    }
}

/// One value of `--lift` (repeatable) or of `lift:` in rexgen.yml.
public enum LiftStyle: String, Sendable, CaseIterable {
    /// No lift output.
    case none
    /// `liftTo<Root>` for SwiftRex 0.8: reducers, middlewares, effect middlewares, readers, stores.
    case swiftRex = "swiftrex"
    /// `pullbackTo<Root>` and case paths for CombineFeedback.
    case combineFeedback = "combinefeedback"
    /// `pullbackTo<Root>` for ReactiveFeedback.
    case reactiveFeedback = "reactivefeedback"
    /// Reactor: composite states' forwarding and `liftToState` for sub-state middlewares.
    case reactor
}

/// A framework whose one-call lifts the lift file holds, on top of the framework-neutral conformances.
public enum LiftFramework: String, Sendable, CaseIterable {
    case swiftRex = "swiftrex"
    case combineFeedback = "combinefeedback"
    case reactiveFeedback = "reactivefeedback"
    case reactor
}

/// The frameworks to write lifts for, each once, in `LiftFramework` order; none means no lift file.
public struct LiftSelection: Sendable, Equatable {
    public let frameworks: [LiftFramework]

    public static let none = LiftSelection(frameworks: [])
    public static let swiftRex = LiftSelection(frameworks: [.swiftRex])

    public init(frameworks: [LiftFramework]) {
        self.frameworks = LiftFramework.allCases.filter(frameworks.contains)
    }

    /// `none` given alone means none; beside frameworks it adds nothing.
    public init(_ styles: [LiftStyle]) {
        self.init(frameworks: styles.compactMap { LiftFramework(rawValue: $0.rawValue) })
    }

    public var isEmpty: Bool { frameworks.isEmpty }

    public func contains(_ framework: LiftFramework) -> Bool { frameworks.contains(framework) }
}

/// CombineFeedback's two APIs in use: its latest release (0.7.0: `Reducer` is a function type,
/// `Feedback<State, Event>`) and master (`Reducer` and `Feedback<State, Event, Dependency>` structs, `Store`).
public enum CombineFeedbackAPI: String, Sendable, CaseIterable {
    case release
    case master
}

/// How long one stage took, for `--verbose`.
public struct StageTiming: Sendable, Equatable {
    public var stage: String
    public var seconds: Double
    /// What the stage handled, such as "42 files, 1.2 MB".
    public var detail: String

    public init(stage: String, seconds: Double, detail: String = "") {
        self.stage = stage
        self.seconds = seconds
        self.detail = detail
    }
}

struct Stopwatch {
    private let start = ContinuousClock.now

    var seconds: Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
