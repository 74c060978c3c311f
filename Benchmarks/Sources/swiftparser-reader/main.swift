// The SwiftParser baseline for RexGen's reader: read every `.swift` file under the given directories,
// parse it with SwiftParser and collect its enums and their cases (names and payload types), which is what
// RexGen's reader extracts. One thread, like a reader pinned to one core.
//
// usage: swiftparser-reader DIR...
// prints: files=N bytes=N enums=N cases=N seconds=S mbps=M
// `seconds` covers reading, parsing and the walk, not listing the directories (RexGen's `--verbose`
// "read+parse" stage likewise excludes its "collect" stage), so the two MB/s figures compare like for like.
import Foundation
import SwiftParser
import SwiftSyntax

final class EnumCollector: SyntaxVisitor {
    var enums = 0
    var cases = 0
    /// Keeps the extracted text alive so the work cannot be optimized away.
    var checksum = 0

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        enums += 1
        checksum &+= node.name.text.utf8.count
        return .visitChildren  // enums nest inside enums
    }

    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        cases += 1
        checksum &+= node.name.text.utf8.count
        for parameter in node.parameterClause?.parameters ?? [] {
            checksum &+= parameter.type.trimmedDescription.utf8.count
        }
        return .skipChildren
    }
}

func swiftFiles(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return path.hasSuffix(".swift") ? [path] : [] }
    let enumerator = FileManager.default.enumerator(atPath: path)
    var files: [String] = []
    while let relative = enumerator?.nextObject() as? String {
        if relative.hasSuffix(".swift") { files.append(path + "/" + relative) }
    }
    return files.sorted()
}

let files = CommandLine.arguments.dropFirst().flatMap(swiftFiles(under:))
guard !files.isEmpty else {
    FileHandle.standardError.write(Data("usage: swiftparser-reader DIR...\n".utf8))
    exit(2)
}

let collector = EnumCollector(viewMode: .sourceAccurate)
var bytes = 0
let start = ContinuousClock.now
for file in files {
    guard let data = FileManager.default.contents(atPath: file) else { continue }
    bytes += data.count
    let tree = data.withUnsafeBytes { raw in Parser.parse(source: raw.bindMemory(to: UInt8.self)) }
    collector.walk(tree)
}
let elapsed = ContinuousClock.now - start
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
print("files=\(files.count) bytes=\(bytes) enums=\(collector.enums) cases=\(collector.cases) "
    + "seconds=\(seconds) mbps=\(Double(bytes) / seconds / 1e6) checksum=\(collector.checksum)")
