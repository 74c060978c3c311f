// Every shape a case payload can take, one case each, so the expected output shows each rendering rule.

public protocol PayloadProtocol {}

public struct PayloadError: Error, Equatable {
    public var code: Int

    public init(code: Int) {
        self.code = code
    }
}

public enum PayloadAction {
    case started
    case count(Int)
    case rename(name: String)
    case move(x: Int, y: Int)
    case mixed(Int, label: String)
    case callback((Int) -> Void)
    case sendableCallback(@Sendable (String) async throws -> Int)
    case pair((Int, String))
    case labelledPair((first: Int, second: String))
    case existential(any PayloadProtocol)
    case composition(any PayloadProtocol & Sendable)
    case result(Result<Int, PayloadError>)
    case resultWithError(Result<Int, Error>)
    case optional(Int?)
    case optionalLabelled(value: String?)
    case array([Int])
    case dictionary([String: [Int]])
    case defaulted(query: String = "", page: Int = 1)
    case underscore(_ value: Int)
    case twoUnderscores(_ first: Int, _ second: Int)
    case metatype(Any.Type)
    case one, two(Int), three
    indirect case nested(PayloadAction)
}
