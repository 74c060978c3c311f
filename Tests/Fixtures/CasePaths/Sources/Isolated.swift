// An enum marked @MainActor gets no case paths, with a note: `allCasePaths` must be nonisolated for its
// conformance not to cross into the main actor, and under the main actor as default isolation (where its
// `AllCasePaths` is isolated) it must not be; RexGen does not know the module's default isolation. Its
// properties are generated and compile.

@MainActor
public enum ScreenAction: Equatable {
    case tap(Int)
    case close
}
