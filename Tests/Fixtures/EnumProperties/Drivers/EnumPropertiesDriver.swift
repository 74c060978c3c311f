// The end-to-end driver: compiled in its own module against the fixtures and their generated properties
// (so only what the generator made public or package is visible, as for a real client), then run.
// Its output is read by EnumPropertiesEndToEndTests: a `FAIL` line per broken expectation, then a
// summary line the test requires, so a driver that stops early cannot pass.

import Foundation
import RexGenFixtures

@main
struct EnumPropertiesDriver {
    static func main() {
        var checks = Checks()
        checkAppTree(&checks)
        checkPayloadKinds(&checks)
        checkGenerics(&checks)
        checkConditionals(&checks)
        checkNamesAndCollisions(&checks)
        checkAccessAndSelection(&checks)
        checkEnclosingTypes(&checks)
        print("REXGEN-DRIVER-DONE checks=\(checks.count) failures=\(checks.failures.count)")
        exit(checks.failures.isEmpty ? 0 : 1)
    }
}

/// Records failures instead of trapping, so one run reports every broken property at once.
struct Checks {
    private(set) var count = 0
    private(set) var failures: [String] = []

    mutating func expect(_ condition: Bool, _ what: String, file: StaticString = #fileID, line: UInt = #line) {
        count += 1
        if !condition {
            let failure = "FAIL \(file):\(line): \(what)"
            failures.append(failure)
            print(failure)
        }
    }

    mutating func equal<Value: Equatable>(_ actual: Value, _ expected: Value, _ what: String,
                                          file: StaticString = #fileID, line: UInt = #line) {
        expect(actual == expected, "\(what): got \(actual), expected \(expected)", file: file, line: line)
    }
}
