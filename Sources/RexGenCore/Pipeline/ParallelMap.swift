import Dispatch

enum Parallel {
    /// `transform` of every index in `0..<count`, run on every core, `chunk` indices a task (cheap work
    /// needs bigger chunks to be worth the hand-off). Results are in index order whatever the scheduling.
    static func map<Result>(count: Int, chunk: Int = 1, _ transform: @Sendable (Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each task writes only its own slots, so no two threads touch the same memory.
            let base = buffer.baseAddress!
            let address = Int(bitPattern: base)
            DispatchQueue.concurrentPerform(iterations: (count + chunk - 1) / chunk) { block in
                let slots = UnsafeMutablePointer<Result>(bitPattern: address)!
                for index in (block * chunk)..<min(count, (block + 1) * chunk) {
                    (slots + index).initialize(to: transform(index))
                }
            }
            initialized = count
        }
    }
}

/// A value computed on another thread while the caller goes on; `value` waits for it.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.result = work()
            self.done.leave()
        }
    }

    var value: Value {
        done.wait()
        return result!
    }
}
