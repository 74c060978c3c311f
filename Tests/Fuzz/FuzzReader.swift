// libFuzzer target for RexGen's reader. Built by FuzzTests (Tests/RexGenCoreTests/Reliability) as
//
//   swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name RexGenFuzz Tests/Fuzz/FuzzReader.swift \
//       Sources/RexGenCore/{Lexer,Parser,Model,Diagnostics}/*.swift -o rexgen-fuzz
//
// The reader's sources are compiled into this module (not imported from RexGenCore), so the fuzzer's
// coverage instrumentation and AddressSanitizer see exactly the code under test and nothing of Yams or
// Stencil. Besides crashes, hangs and leaks, it checks what every answer must satisfy, whatever the input:
// a failed check traps, which libFuzzer reports like a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func rexgenFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let file = SwiftReader.parse(bytes, path: "fuzz.swift")
    checkInvariants(file, bytes: bytes)
    return 0
}

/// Locations point into the input, names are never empty, cases lie after their enum's name, and the
/// enums come sorted: what the rest of RexGen relies on.
private func checkInvariants(_ file: ParsedFile, bytes: UnsafeBufferPointer<UInt8>) {
    let lines = LineTable(bytes).lineAndColumn(of: bytes.count).line
    func check(_ location: SourceLocation?, _ what: String) {
        guard let location else { return }
        precondition(location.line >= 1 && location.line <= lines && location.column >= 1
                     && location.column <= bytes.count + 1, "\(what) at \(location) is outside the input")
    }
    for diagnostic in file.diagnostics { check(diagnostic.location, "diagnostic '\(diagnostic.message)'") }
    var previous: SourceLocation?
    for declaration in file.enums {
        precondition(!declaration.name.isEmpty && !declaration.qualifiedName.isEmpty, "an enum without a name")
        check(declaration.location, "enum \(declaration.qualifiedName)")
        if let previous { precondition(previous <= declaration.location, "enums out of order") }
        previous = declaration.location
        for enumCase in declaration.cases {
            precondition(!enumCase.name.isEmpty, "a case without a name in \(declaration.qualifiedName)")
            check(enumCase.location, "case \(enumCase.name)")
            precondition(declaration.location < enumCase.location, "case \(enumCase.name) before its enum")
        }
    }
}
