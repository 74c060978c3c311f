/// Builds the text of a run of tokens with comments dropped and any whitespace folded to one space.
///
/// Type text and conditions are compared, rendered and hashed as text, so the same declaration must give
/// the same text however it is laid out, and a comment inside a type can never leak into generated code.
struct TextCollector {
    private var buffer: [UInt8] = []

    var isEmpty: Bool { buffer.isEmpty }

    mutating func append(_ token: Token, from bytes: UnsafeBufferPointer<UInt8>) {
        if !buffer.isEmpty && token.hasTrivia { buffer.append(.space) }
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
    }

    mutating func appendRaw(_ text: String) {
        buffer.append(contentsOf: text.utf8)
    }

    var text: String { String(decoding: buffer, as: UTF8.self) }
}
