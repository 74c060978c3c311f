// A separate module (`PrismModels`), so the generated file needs `import PrismModels` from argument.imports.
public struct Movie: Equatable, Sendable {
    public var title: String

    public init(title: String) {
        self.title = title
    }
}
