import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Ends `Watcher.run` from another thread (a signal source's queue, a test), and cuts the current
/// pause short, so Ctrl-C is answered at once rather than after the rest of the polling interval.
public final class WatchStop: @unchecked Sendable {
    // The lock guards `requested`; the semaphore only wakes a sleeping poll loop.
    private let lock = Lock()
    private var requested = false
    private let wakeUp = DispatchSemaphore(value: 0)

    public init() {}

    public var isRequested: Bool {
        lock.withLock { requested }
    }

    /// Safe to call any number of times, from any thread.
    public func request() {
        let isFirst = lock.withLock { () -> Bool in
            defer { requested = true }
            return !requested
        }
        if isFirst { wakeUp.signal() }
    }

    /// Sleeps up to `interval` (blocking, not spinning); true when a stop was requested before or during it.
    public func wait(upTo interval: Duration) -> Bool {
        if isRequested { return true }
        let (seconds, attoseconds) = interval.components
        let nanoseconds = max(0, seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        _ = wakeUp.wait(timeout: .now() + .nanoseconds(Int(nanoseconds)))
        return isRequested
    }
}
