/// The frameworks RexGen writes lifts for, each known by the module a target depends on to use it. Both
/// plugins, and their tests, read this one table, so a framework is detected the same way everywhere and a
/// new one is one more row.
enum LiftFrameworkDetection {
    struct Framework: Equatable {
        /// The module whose presence among a target's dependencies, direct or not, turns the lifts on.
        var module: String
        /// The `--lift` value that writes its lifts.
        var liftValue: String
    }

    /// SwiftRex 0.8 users import CombineRex, RxSwiftRex or ReactiveSwiftRex, which all depend on the module
    /// `SwiftRex`: looking for that one module among the recursive dependencies finds every flavour.
    static let frameworks = [
        Framework(module: "SwiftRex", liftValue: "swiftrex"),
        Framework(module: "CombineFeedback", liftValue: "combinefeedback"),
        Framework(module: "ReactiveFeedback", liftValue: "reactivefeedback"),
        // ReactorSwift/Reactor: its product and module are both `Reactor`.
        Framework(module: "Reactor", liftValue: "reactor"),
    ]

    /// The `--lift` value that writes no lift file.
    static let noLifts = "none"

    /// The `--lift` values of the frameworks among `dependencyModules`, in table order. The names must be
    /// those of every module the target depends on through other targets and products too, not only its
    /// direct dependencies: a feature module often reaches SwiftRex through a shared core module.
    static func liftValues(dependencyModules: some Sequence<String>) -> [String] {
        let modules = Set(dependencyModules)
        return frameworks.filter { modules.contains($0.module) }.map(\.liftValue)
    }
}
