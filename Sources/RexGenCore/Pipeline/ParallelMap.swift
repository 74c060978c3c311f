import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
                // A `while`, not `for … in` a range: in the debug build the build plugin runs, the range's
                // generic iterator cost more than many a transform.
                var index = block * chunk
                let end = min(count, (block + 1) * chunk)
                while index < end {
                    (slots + index).initialize(to: transform(index))
                    index += 1
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

/// Values a process that exits right after a run keeps instead of freeing: the model and the parse
/// records of a modular app are hundreds of thousands of small allocations, and releasing them one by one
/// cost the build plugin's tool about a tenth of a one-edit run. The operating system takes the memory back
/// at exit in one go (as compilers do when they skip freeing before exit).
public enum ProcessLifetime {
    private static let lock = Lock()
    nonisolated(unsafe) private static var values: [Any] = []

    public static func keepUntilExit(_ value: Any) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}
