// Cost of extracting a payload, ns per call (release build): a RexGen-generated property against a
// hand-written switch, @CasePathable's `[case:]` subscript and dynamic member, and `[case:]` through the
// CasePathable conformance RexGen writes without the macro (`casePaths: true`, see rexgen.yml here).
//
// Each way walks the same array of mixed actions (a quarter of them `.selected`); the array is built from
// a seed the optimizer cannot see, and each round starts at another offset, so nothing is folded or hoisted.
// Each sample is calibrated to take ≥ 20 ms; the median of 11 samples is printed, loop overhead included
// (the same for every way).
//
// prints one line per way: name=<way> ns=<median ns per call>
import CasePaths
import Foundation

let count = 4096  // a power of two, so the offset wraps with a mask
let seed = Int(ProcessInfo.processInfo.environment["EXTRACT_SEED"] ?? "") ?? Int(getpid())
var generator = SplitMix(state: UInt64(truncatingIfNeeded: seed))
var actions: [BenchAction] = []
var pathables: [BenchPathable] = []
for index in 0..<count {
    let value = Int(generator.next() % 1000)
    switch generator.next() % 4 {
    case 0:
        actions.append(.selected(id: value)); pathables.append(.selected(id: value))
    case 1:
        actions.append(.started); pathables.append(.started)
    case 2:
        actions.append(.loaded(items: ["\(index)"], page: value)); pathables.append(.loaded(items: ["\(index)"], page: value))
    default:
        actions.append(.child(.renamed("\(value)"))); pathables.append(.child(.renamed("\(value)")))
    }
}

struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@inline(never)
func generatedProperty(_ actions: [BenchAction], _ rounds: Int) -> Int {
    var sum = 0
    for round in 0..<rounds {
        for index in 0..<count { sum &+= actions[(index &+ round) & (count - 1)].selected ?? 0 }
    }
    return sum
}

@inline(never)
func handWrittenSwitch(_ actions: [BenchAction], _ rounds: Int) -> Int {
    var sum = 0
    for round in 0..<rounds {
        for index in 0..<count { sum &+= selectedByHand(actions[(index &+ round) & (count - 1)]) ?? 0 }
    }
    return sum
}

@inline(never)
func casePathSubscript(_ pathables: [BenchPathable], _ rounds: Int) -> Int {
    var sum = 0
    for round in 0..<rounds {
        for index in 0..<count { sum &+= pathables[(index &+ round) & (count - 1)][case: \.selected] ?? 0 }
    }
    return sum
}

@inline(never)
func generatedCasePathSubscript(_ actions: [BenchAction], _ rounds: Int) -> Int {
    var sum = 0
    for round in 0..<rounds {
        for index in 0..<count { sum &+= actions[(index &+ round) & (count - 1)][case: \.selected] ?? 0 }
    }
    return sum
}

@inline(never)
func casePathDynamicMember(_ pathables: [BenchPathable], _ rounds: Int) -> Int {
    var sum = 0
    for round in 0..<rounds {
        for index in 0..<count { sum &+= pathables[(index &+ round) & (count - 1)].selected ?? 0 }
    }
    return sum
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

func medianNanoseconds(_ body: (Int) -> Int) -> Double {
    var sink = 0
    var rounds = 1
    while true {  // calibrate: enough rounds for one sample to take ≥ 20 ms
        let start = ContinuousClock.now
        sink &+= body(rounds)
        if seconds(ContinuousClock.now - start) >= 0.02 { break }
        rounds *= 2
    }
    var samples: [Double] = []
    for _ in 0..<11 {
        let start = ContinuousClock.now
        sink &+= body(rounds)
        samples.append(seconds(ContinuousClock.now - start) * 1e9 / Double(rounds * count))
    }
    if sink == 42 { print("") }  // keeps every sum observable
    return samples.sorted()[samples.count / 2]
}

// The five ways must agree, or the comparison means nothing.
let ways: [(String, (Int) -> Int)] = [
    ("generated-property", { generatedProperty(actions, $0) }),
    ("hand-written-switch", { handWrittenSwitch(actions, $0) }),
    ("casepath-subscript", { casePathSubscript(pathables, $0) }),
    ("casepath-dynamic-member", { casePathDynamicMember(pathables, $0) }),
    ("generated-casepath-subscript", { generatedCasePathSubscript(actions, $0) }),
]
let expected = ways[0].1(1)
precondition(ways.allSatisfy { $0.1(1) == expected }, "the extraction ways disagree")
for (name, body) in ways {
    print("name=\(name) ns=\(medianNanoseconds(body))")
}
