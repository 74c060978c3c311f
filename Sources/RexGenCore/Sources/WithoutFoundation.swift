#if canImport(FoundationEssentials)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

// What RexGenCore used from Foundation beyond FoundationEssentials, besides paths (`PathText`): see
// CONTRIBUTING's rule on Foundation.

/// A mutual-exclusion lock (`NSLock`'s job, without Foundation).
final class Lock: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func lock() { pthread_mutex_lock(mutex) }

    func unlock() { pthread_mutex_unlock(mutex) }

    func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// The C calls whose names RexGen's own types also use (`write`, `read`), by their module's name.
enum POSIXCalls {
    static func write(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }

    static func read(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, bytes, count)
        #else
        Darwin.read(descriptor, bytes, count)
        #endif
    }
}

extension Double {
    /// `String(format: "%.Nf", self)` without Foundation's formatter, for timings and rates: the same digits
    /// but at an exact tie of the scaled value, which this rounds to even.
    public func formatted(decimals digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(self) * scale).rounded(.toNearestOrEven)
        let whole = Int(scaled / scale)
        let fraction = Int(scaled - Double(whole) * scale)
        let sign = self < 0 && scaled > 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
