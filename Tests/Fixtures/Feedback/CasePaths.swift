// CasePaths.swift — STAND-IN for swift-case-paths 0.x's `CasePath` (module CasePaths), used by RexGen's tests:
// CombineFeedback takes one for an event. Written from swift-case-paths 0.14.1 (Sources/CasePaths/CasePath.swift);
// only `CasePath(embed:extract:)`, `embed(_:)`, `extract(from:)` and `appending(path:)`, which is what
// generated code and the feedback libraries use. Real apps depend on swift-case-paths itself.

/// A path from an enum to one of its cases: embed a value, or extract it when the enum is that case.
public struct CasePath<Root, Value> {
    private let _embed: (Value) -> Root
    private let _extract: (Root) -> Value?

    public init(embed: @escaping (Value) -> Root, extract: @escaping (Root) -> Value?) {
        self._embed = embed
        self._extract = extract
    }

    public func embed(_ value: Value) -> Root {
        _embed(value)
    }

    public func extract(from root: Root) -> Value? {
        _extract(root)
    }

    public func appending<AppendedValue>(path: CasePath<Value, AppendedValue>) -> CasePath<Root, AppendedValue> {
        CasePath<Root, AppendedValue>(embed: { embed(path.embed($0)) }, extract: { extract(from: $0).flatMap(path.extract(from:)) })
    }
}
