// Shared by the lift drivers (LiftDriver.swift, GameDriver.swift), compiled with each: every failed check is
// printed, and the driver's last line counts checks and failures.

final class Checker {
    var checks = 0
    var failures = 0

    func expect<T: Equatable>(_ actual: T, _ expected: T, _ what: String, line: Int = #line) {
        checks += 1
        if actual != expected {
            failures += 1
            print("FAIL line \(line): \(what): expected \(expected), got \(actual)")
        }
    }
}
