import Foundation
import XCTest
@testable import RexGenCore

/// The cache's byte encoding: every parse of every fixture survives a round trip field for field, and no
/// truncation or corruption of a cache file crashes or is taken for a good one.
final class GenerationCacheCodingTests: XCTestCase {
    private func fixtureFiles() -> [String] {
        var ignored: [Diagnostic] = []
        return SourceFileCollector.swiftFiles(in: [TestSupport.testsDirectory.appendingPathComponent("Fixtures").path],
                                              diagnostics: &ignored)
    }

    func testEveryFixtureParseRoundTrips() throws {
        let paths = fixtureFiles()
        XCTAssertGreaterThan(paths.count, 40)
        var enumCount = 0
        var stateCount = 0
        for path in paths {
            let (parsed, _) = SourceReadingStage.readOne(path)
            let writer = ByteWriter()
            ParsedFileCoding.encode(parsed, to: writer)
            let decoded = try writer.bytes.withUnsafeBytes { bytes -> ParsedFile in
                var reader = ByteReader(bytes)
                let file = try ParsedFileCoding.decode(path: path, from: &reader)
                XCTAssertTrue(reader.isAtEnd, path)
                return file
            }
            XCTAssertEqual(decoded.path, parsed.path)
            XCTAssertEqual(decoded.enums, parsed.enums, path)
            XCTAssertEqual(decoded.types, parsed.types, path)
            XCTAssertEqual(decoded.members, parsed.members, path)
            XCTAssertEqual(decoded.imports, parsed.imports, path)
            XCTAssertEqual(decoded.typeAliases, parsed.typeAliases, path)
            XCTAssertEqual(decoded.diagnostics, parsed.diagnostics, path)
            XCTAssertEqual(decoded.reactorStates, parsed.reactorStates, path)
            try assertDecodedForPlanning(writer.bytes, equal: parsed)
            enumCount += parsed.enums.count
            stateCount += parsed.reactorStates.count
        }
        XCTAssertGreaterThan(enumCount, 100)
        XCTAssertGreaterThan(stateCount, 20, "the Reactor fixtures' states")
    }

    /// `decodeForPlanning` reads the whole encoding and builds what `referenceSummary` would keep of the
    /// members, the enums without their cases, and no imports or diagnostics.
    private func assertDecodedForPlanning(_ bytes: [UInt8], equal file: ParsedFile, line: UInt = #line) throws {
        let decoded = try bytes.withUnsafeBytes { bytes -> ParsedFile in
            var reader = ByteReader(bytes)
            let decoded = try ParsedFileCoding.decodeForPlanning(path: file.path, from: &reader)
            XCTAssertTrue(reader.isAtEnd, file.path, line: line)
            return decoded
        }
        var expected = file
        for index in expected.enums.indices { expected.enums[index].cases = [] }
        let enumNames = Set(file.enums.map(\.qualifiedName))
        let otherTypes = Set(file.types.map(\.qualifiedName)).subtracting(enumNames)
        expected.members = file.members.filter { !otherTypes.contains($0.ownerName) }
        XCTAssertEqual(decoded.enums, expected.enums, file.path, line: line)
        XCTAssertEqual(decoded.types, expected.types, file.path, line: line)
        XCTAssertEqual(decoded.members, expected.members, file.path, line: line)
        XCTAssertEqual(decoded.imports, [], file.path, line: line)
        XCTAssertEqual(decoded.typeAliases, expected.typeAliases, file.path, line: line)
        XCTAssertEqual(decoded.diagnostics, [], file.path, line: line)
        XCTAssertEqual(decoded.isSourceryOutput, file.isSourceryOutput, file.path, line: line)
        XCTAssertEqual(decoded.reactorStates, file.reactorStates, file.path, line: line)
    }

    func testEveryModelFieldRoundTrips() throws {
        let location = SourceLocation(file: "/a/File.swift", line: 300, column: 17)
        let elsewhere = SourceLocation(file: "/b/Other.swift", line: 1, column: 1)
        let clause = IfConfigClause(blockID: 7, kind: .elseif, condition: "DEBUG", precedingConditions: ["os(iOS)"])
        var file = ParsedFile(path: "/a/File.swift")
        file.enums = [EnumDeclaration(
            name: "Action", qualifiedNameComponents: ["Outer", "Action"], location: location,
            genericParameters: ["T: Equatable"], whereClause: "T: Sendable", declaredAccess: .package,
            attributes: ["@frozen"], inheritance: ["Equatable"],
            annotations: [Annotation(namespace: "sourcery", name: "imports", value: "Foundation")],
            isIndirect: true, enclosingScopes: [.type(name: "Outer", declaredAccess: .public),
                                                .extension(extendedType: "M.Outer", declaredAccess: nil)],
            ifConfig: [clause], isLocal: true,
            cases: [EnumCaseDeclaration(name: "é", location: elsewhere, isIndirect: true, attributes: ["@available(*, deprecated)"],
                                        ifConfig: [clause], associatedValues: [
                                            AssociatedValue(label: "x", typeText: "[Int]", defaultValue: "[]", isVariadic: true),
                                            AssociatedValue(label: nil, typeText: "T", defaultValue: nil, isVariadic: true),
                                        ], rawValue: "\"e\"", annotations: [Annotation(namespace: "rexgen", name: "skip")]),
                    EnumCaseDeclaration(name: "empty", location: location, associatedValues: [])],
            cImport: CEnumImport(extensibility: .open, cName: "enum Mode"))]
        file.types = [TypeDeclaration(qualifiedName: "Outer", declaredAccess: .fileprivate,
                                      enclosingScopes: [.extension(extendedType: "M", declaredAccess: .public)],
                                      location: location, genericParameterNames: ["T"], mayRequireSendableArguments: true,
                                      mayConstrainParameters: true)]
        file.members = [MemberDeclaration(ownerName: "Outer.Action", name: "value", kind: .typeAlias, isStatic: true,
                                          location: location, typeText: "Int"),
                        MemberDeclaration(ownerName: "Outer", name: "helper", kind: .function, isStatic: false,
                                          location: elsewhere, typeText: "Int"),
                        MemberDeclaration(ownerName: "", name: "x", kind: .property, isStatic: false, location: location)]
        file.isSourceryOutput = true
        file.imports = [ImportDeclaration(text: "@testable import Core", ifConfig: [clause])]
        file.typeAliases = [TypeAliasDeclaration(qualifiedName: "A", targetText: "Outer.Action<Int>", location: location,
                                                 spiAttributes: ["@_spi(Tools)"])]
        file.diagnostics = [.warning("w", at: elsewhere), .error("e"), .note("n", at: location)]
        file.reactorStates = ReactorStateDeclaration.Kind.allCases.map { kind in
            ReactorStateDeclaration(
                kind: kind, qualifiedNameComponents: ["Outer", "\(kind)"], location: kind == .enum ? elsewhere : location,
                namesReactorExplicitly: kind != .extension, declaredAccess: kind == .enum ? .fileprivate : nil,
                enclosingScopes: [.extension(extendedType: "M.Outer", declaredAccess: .public)], genericParameterNames: ["T"],
                ifConfig: [clause], annotations: [Annotation(namespace: "rexgen", name: "skip")],
                attributes: ["@available(*, deprecated)"],
                properties: [StoredPropertyDeclaration(name: "player", typeText: "[String: Player]?", location: elsewhere,
                                                       isLet: true, declaredAccess: .public, setterAccess: .private,
                                                       ifConfig: [clause], annotations: [Annotation(namespace: "rexgen", name: "skip")],
                                                       attributes: ["@available(*, deprecated)"]),
                             StoredPropertyDeclaration(name: "é", typeText: "", location: location)],
                cases: kind == .enum ? file.enums[0].cases : [], declaresReact: kind != .extension,
                declaresReactSubstates: kind == .enum)
        }
        let writer = ByteWriter()
        ParsedFileCoding.encode(file, to: writer)
        let decoded = try writer.bytes.withUnsafeBytes { bytes -> ParsedFile in
            var reader = ByteReader(bytes)
            return try ParsedFileCoding.decode(path: file.path, from: &reader)
        }
        XCTAssertEqual(decoded.enums, file.enums)
        XCTAssertEqual(decoded.types, file.types)
        XCTAssertEqual(decoded.members, file.members)
        XCTAssertEqual(decoded.imports, file.imports)
        XCTAssertEqual(decoded.typeAliases, file.typeAliases)
        XCTAssertEqual(decoded.diagnostics, file.diagnostics)
        XCTAssertEqual(decoded.reactorStates, file.reactorStates)
        XCTAssertTrue(decoded.isSourceryOutput)
        try assertDecodedForPlanning(writer.bytes, equal: file)

        // The sample sets every field, so the round trip above covers each: a field added to the model but
        // not to this sample fails here, and one in the sample but not in the field list (`code(_:)`, which
        // also skips and hashes) fails above. (`includedFiles` is a C header's, whose parse is never cached;
        // the path is the record's.)
        assertEveryField(of: file, differsFrom: ParsedFile(path: file.path), except: ["path", "includedFiles"])
        assertEveryField(of: file.enums[0], differsFrom: EnumDeclaration.blank)
        assertEveryField(of: file.enums[0].cases[0], differsFrom: EnumCaseDeclaration.blank)
        assertEveryField(of: file.enums[0].cases[0].associatedValues![0], differsFrom: AssociatedValue(label: nil, typeText: ""))
        assertEveryField(of: file.enums[0].annotations[0], differsFrom: Annotation.blank)
        assertEveryField(of: file.enums[0].cImport!, differsFrom: CEnumImport(extensibility: .none, cName: ""))
        assertEveryField(of: clause, differsFrom: IfConfigClause.blank)
        assertEveryField(of: file.types[0], differsFrom: TypeDeclaration.blank)
        assertEveryField(of: file.members[0], differsFrom: MemberDeclaration.blank)
        assertEveryField(of: file.imports[0], differsFrom: ImportDeclaration(text: ""))
        assertEveryField(of: file.typeAliases[0], differsFrom: TypeAliasDeclaration(qualifiedName: "", targetText: "",
                                                                                    location: .blank))
        assertEveryField(of: file.diagnostics[0], differsFrom: Diagnostic.note(""))
        assertEveryField(of: location, differsFrom: SourceLocation.blank)
        let enumState = try XCTUnwrap(file.reactorStates.first { $0.kind == .enum })
        assertEveryField(of: enumState, differsFrom: ReactorStateDeclaration.blank)
        assertEveryField(of: enumState.properties[0], differsFrom: StoredPropertyDeclaration.blank)

        // Hashing walks the same list without positions.
        var moved = file
        moved.enums[0].location.line += 10
        moved.enums[0].cases[1].location.column += 3
        moved.typeAliases[0].location.line += 1
        XCTAssertEqual(ParsedFileCoding.positionFreeHash(of: moved), ParsedFileCoding.positionFreeHash(of: file))
        XCTAssertNotEqual(ParsedFileCoding.positionFreeHash(of: ParsedFile(path: file.path)),
                          ParsedFileCoding.positionFreeHash(of: file))
    }

    /// Every stored property of `sample` differs from `blank`'s.
    private func assertEveryField(of sample: Any, differsFrom blank: Any, except exempt: Set<String> = [],
                                  line: UInt = #line) {
        let blankFields = Dictionary(uniqueKeysWithValues: Mirror(reflecting: blank).children.map {
            ($0.label ?? "", String(describing: $0.value))
        })
        let fields = Mirror(reflecting: sample).children.filter { !exempt.contains($0.label ?? "") }
        XCTAssertFalse(fields.isEmpty, line: line)
        for field in fields {
            XCTAssertNotEqual(String(describing: field.value), blankFields[field.label ?? ""],
                              "\(type(of: sample)).\(field.label ?? "") is not set by the sample", line: line)
        }
    }

    func testNoDamagedCacheDecodes() throws {
        let project = try IncrementalProject()
        _ = IncrementalGeneration.run(project.options, outputDirectory: project.output, configurationFile: nil)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: project.cachePath)))
        let cache = try XCTUnwrap(GenerationCache.decode(bytes))
        XCTAssertTrue(cache.parseSectionIsIntact())
        XCTAssertTrue(cache.inputs.indices.allSatisfy { cache.parsedFile(at: $0) != nil })
        for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 300)) {
            XCTAssertNil(GenerationCache.decode(Array(bytes.prefix(length))), "truncated to \(length)")
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var damaged = bytes
            damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
            // A damaged header is refused; damage in the parse section is caught before any parse is used.
            if let decoded = GenerationCache.decode(damaged) { XCTAssertFalse(decoded.parseSectionIsIntact()) }
        }
    }

    /// A cache with a few inputs recorded anew, made by copying the others' bytes, is byte for byte the cache
    /// encoded anew with the same records: first, middle and last inputs replaced, parses longer and shorter,
    /// a racy input gaining a content hash.
    func testReplacingInputsEqualsEncodingAnew() throws {
        let paths = Array(fixtureFiles().prefix(12))
        let parses = paths.map { SourceReadingStage.readOne($0).0 }
        let liftSections = [RenderedSections.Record(key: .init(first: 3, second: .max), range: 0..<300),
                            RenderedSections.Record(key: .init(first: 5, second: 8), range: 300..<301)]
        func record(_ index: Int, modified: Int64, parse: ParsedFile, contentHash: UInt64? = nil) -> GenerationCache.InputRecord {
            GenerationCache.InputRecord(path: paths[index], signature: .init(size: Int64(100 + index), modified: modified, inode: UInt64(index)),
                                        contentHash: contentHash, parse: .parsed(parse), isSummary: index.isMultiple(of: 2))
        }
        func output(_ index: Int, size: Int64, key: RenderedSections.Key? = nil) -> GenerationCache.Entry {
            GenerationCache.Entry(path: "Out\(index).swift", signature: .init(size: size, modified: 2, inode: 3),
                                  contentHash: UInt64(9 + index), renderKey: key)
        }
        let originalOutputs = (0..<4).map { output($0, size: 1, key: $0 == 2 ? nil : .init(first: 4, second: UInt64($0))) }
        let shape = TreeShape(nodes: [.init(fileIndex: 0, enumIndex: 0, isReference: false, isGeneric: false),
                                      .init(fileIndex: 11, enumIndex: 3, isReference: true, isGeneric: true)],
                              edges: [.init(parent: 0, child: 1, caseHash: .max - 7)], roots: [0], lifted: [0, 1],
                              nodeNames: "\nAppAction\nListAction\n", aliasNames: "\n", enclosingNames: "\nAppAction\n",
                              modulesNamedLikeTypes: "\nMovies\n", namesDeclaredTwice: "\nEvent\n")
        func encoded(_ records: [GenerationCache.InputRecord], outputs: [GenerationCache.Entry] = originalOutputs,
                     edgeNames: String = "AppAction\nList",
                     lift: ([RenderedSections.Record], TreeShape?) = (liftSections, shape),
                     diagnostics: [String] = ["a warning"]) -> [UInt8] {
            GenerationCache.encode(fingerprint: "options", summaryKey: "Action", edgeNames: edgeNames, inputs: records,
                                   parses: GenerationCache.parseSection(for: records),
                                   extraFiles: [.init(path: "/rexgen.yml", signature: nil, contentHash: 7)],
                                   outputs: outputs,
                                   diagnostics: diagnostics,
                                   sections: [RenderedSections.Record(key: .init(first: 1, second: 2), range: 0..<10)],
                                   liftSections: lift.0, treeShape: lift.1)
        }
        let original = parses.indices.map { record($0, modified: 1_000, parse: parses[$0]) }
        let cache = try XCTUnwrap(GenerationCache.decode(encoded(original)))
        var shorter = parses[5]
        shorter.enums = Array(shorter.enums.prefix(1))
        let replacements: [Int: GenerationCache.InputRecord] = [
            0: record(0, modified: 2_000_000, parse: parses[1]),
            5: record(5, modified: 123_456_789_012, parse: shorter, contentHash: 0xFEED),
            11: record(11, modified: 3, parse: parses[0]),
        ]
        var expected = original
        for (index, replacement) in replacements { expected[index] = replacement }
        XCTAssertEqual(cache.sections, [RenderedSections.Record(key: .init(first: 1, second: 2), range: 0..<10)])
        XCTAssertEqual(cache.liftSections, liftSections)
        let replaced = try XCTUnwrap(cache.replacing(inputs: replacements))
        XCTAssertEqual(replaced, encoded(expected))
        let decoded = try XCTUnwrap(GenerationCache.decode(replaced))
        XCTAssertEqual(decoded.liftSections, liftSections)
        XCTAssertTrue(decoded.parseSectionIsIntact())
        XCTAssertEqual(decoded.parsedFile(at: 5)?.enums, shorter.enums)
        XCTAssertEqual(decoded.inputs[5].contentHash, 0xFEED)
        // Outputs recorded anew too (the first, one without a key gaining one, and the last), with inputs.
        let replacedOutputs = [0: output(0, size: 123_456), 2: output(2, size: 5, key: .init(first: .max, second: 0)),
                               3: output(3, size: 1, key: nil)]
        var expectedOutputs = originalOutputs
        for (index, replacement) in replacedOutputs { expectedOutputs[index] = replacement }
        let both = try XCTUnwrap(cache.replacing(inputs: replacements, outputs: replacedOutputs))
        XCTAssertEqual(both, encoded(expected, outputs: expectedOutputs))
        XCTAssertEqual(GenerationCache.decode(both)?.outputs, expectedOutputs)
        XCTAssertEqual(cache.replacing(inputs: [:], outputs: [1: output(1, size: 9)]),
                       encoded(original, outputs: originalOutputs.enumerated().map { $0 == 1 ? output(1, size: 9) : $1 }))
        XCTAssertNil(cache.replacing(inputs: [:], outputs: [4: output(4, size: 1)]), "no such output")
        XCTAssertEqual(cache.treeShape, shape)
        // The edge names and the lift records anew (longer, then fewer), with an input and an output.
        let longerNames = "\nAppAction\nList\nSheetAction\n"
        let moreLift = (liftSections + [RenderedSections.Record(key: .init(first: 9, second: 9), range: 301..<400)],
                        TreeShape(nodes: shape.nodes + [.init(fileIndex: 12, enumIndex: 1, isReference: true, isGeneric: false)],
                                  edges: shape.edges + [.init(parent: 1, child: 2, caseHash: 0)],
                                  roots: [0], lifted: [0, 2], nodeNames: shape.nodeNames + "SheetAction\n", aliasNames: "\nAlias\n",
                                  enclosingNames: "\n", modulesNamedLikeTypes: "\n"))
        let grown = try XCTUnwrap(cache.replacing(inputs: replacements, outputs: replacedOutputs, edgeNames: longerNames,
                                                  lift: (moreLift.0, moreLift.1), diagnostics: ["a warning", "another"]))
        XCTAssertEqual(grown, encoded(expected, outputs: expectedOutputs, edgeNames: longerNames, lift: moreLift,
                                      diagnostics: ["a warning", "another"]))
        let grownCache = try XCTUnwrap(GenerationCache.decode(grown))
        XCTAssertEqual(grownCache.treeShape, moreLift.1)
        XCTAssertEqual(grownCache.diagnostics, ["a warning", "another"])
        XCTAssertEqual(grownCache.edgeNames, longerNames)
        let emptyShape = TreeShape(nodes: [], edges: [], roots: [], lifted: [], nodeNames: "\n", aliasNames: "\n", enclosingNames: "\n",
                                   modulesNamedLikeTypes: "\n")
        XCTAssertEqual(grownCache.replacing(inputs: [:], edgeNames: "\n\n", lift: ([], emptyShape), diagnostics: []),
                       encoded(expected, outputs: expectedOutputs, edgeNames: "\n\n", lift: ([], emptyShape), diagnostics: []))
    }

    /// The file written in pieces, a header and the parse section as it was prepared, is the encoding whole.
    func testTheCacheIsSavedAsItsHeaderAndParseSection() throws {
        let paths = Array(fixtureFiles().prefix(5))
        let files = paths.map { SourceReadingStage.readOne($0).0 }
        let records = paths.indices.map { index in
            GenerationCache.InputRecord(path: paths[index], signature: .init(size: 1, modified: 2, inode: UInt64(index)),
                                        contentHash: nil, parse: .parsed(files[index]))
        }
        let parses = GenerationCache.parseSection(for: records)
        let header = GenerationCache.encodeHeader(fingerprint: "f", summaryKey: "k", edgeNames: "\nA\n", inputs: records,
                                                  parses: parses, extraFiles: [], outputs: [], diagnostics: [], sections: [],
                                                  liftSections: [], treeShape: nil)
        let whole = GenerationCache.encode(fingerprint: "f", summaryKey: "k", edgeNames: "\nA\n", inputs: records, parses: parses,
                                           extraFiles: [], outputs: [], diagnostics: [], sections: [])
        let directory = OutputDirectory(path: FileManager.default.temporaryDirectory
            .appendingPathComponent("rexgen-cache-\(UUID().uuidString)").path)
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory.path) }
        // Over a longer file, which must end where the new one does.
        GenerationCache.save([UInt8](repeating: 1, count: whole.count + 100), to: directory)
        GenerationCache.save([header] + parses.pieces, to: directory)
        XCTAssertEqual(FileManager.default.contents(atPath: directory.filePath(GenerationCache.fileName)).map([UInt8].init), whole)
        XCTAssertEqual(GenerationCache.load(from: directory)?.parsedFile(at: 4)?.enums, files[4].enums)
    }

    /// Hundreds of files: the parse section comes in several pieces, never joined, and the file made of them
    /// is the whole encoding, intact, each parse where its record says.
    func testAParseSectionInSeveralPiecesIsTheWholeEncoding() throws {
        let fixtures = Array(fixtureFiles().prefix(7))
        let files = fixtures.map { SourceReadingStage.readOne($0).0 }
        let records = (0..<600).map { index in
            GenerationCache.InputRecord(path: "F\(index).swift", signature: .init(size: 1, modified: 2, inode: UInt64(index)),
                                        contentHash: nil, parse: index % 5 == 4 ? .none : .parsed(files[index % files.count]))
        }
        let parses = GenerationCache.parseSection(for: records)
        XCTAssertEqual(parses.pieces.count, 4, "three pieces of parses and the checksum")
        XCTAssertEqual(parses.lengths.count, records.count)
        let whole = GenerationCache.encode(fingerprint: "f", summaryKey: "k", edgeNames: "\n", inputs: records, parses: parses,
                                           extraFiles: [], outputs: [], diagnostics: [], sections: [])
        let cache = try XCTUnwrap(GenerationCache.decode(whole))
        XCTAssertTrue(cache.parseSectionIsIntact())
        // Locations name the record's path, so enums are compared by name and cases.
        let shape = { (file: ParsedFile) in file.enums.map { "\($0.qualifiedName): \($0.cases.map(\.name))" } }
        for index in [0, 4, 255, 256, 257, 511, 512, 599] {
            XCTAssertEqual(cache.parsedFile(at: index).map(shape), index % 5 == 4 ? nil : shape(files[index % files.count]), "\(index)")
        }
    }

    /// The hash of a buffer fed in pieces, cut anywhere, is the hash of the buffer whole.
    func testAHashFedInPiecesIsTheHashOfTheWhole() {
        var random = SeededGenerator(seed: 19)
        for length in Array(0...100) + [1000, 4099, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            let whole = bytes.withUnsafeBytes { ContentHash.of($0) }
            for _ in 0..<4 {
                var cuts = (0..<Int.random(in: 0...5, using: &random)).map { _ in Int.random(in: 0...length, using: &random) }
                cuts = ([0] + cuts + [length]).sorted()
                var hasher = ContentHash.Streaming(count: length)
                for (start, end) in zip(cuts, cuts.dropFirst()) {
                    bytes.withUnsafeBytes { hasher.feed(UnsafeRawBufferPointer(rebasing: $0[start..<end])) }
                }
                XCTAssertEqual(hasher.value, whole, "\(length) bytes cut at \(cuts)")
            }
        }
    }

    /// The render cache's keys: equal fields give equal keys; fields split differently, or one more empty
    /// field, or bytes that only differ past a word boundary, give different ones.
    func testFieldHasherSeparatesFieldBoundaries() {
        func key(_ feed: (inout FieldHasher) -> Void) -> [UInt64] {
            var hasher = FieldHasher()
            feed(&hasher)
            let (first, second) = hasher.finalized
            return [first, second]
        }
        let sequences: [(String, (inout FieldHasher) -> Void)] = [
            ("ab|c", { $0.string("ab"); $0.string("c") }),
            ("a|bc", { $0.string("a"); $0.string("bc") }),
            ("abc", { $0.string("abc") }),
            ("abc|", { $0.string("abc"); $0.string("") }),
            ("a", { $0.string("a") }),
            ("a\0", { $0.string("a\u{0}") }),
            ("8 bytes", { $0.string("abcdefgh") }),
            ("9 bytes", { $0.string("abcdefghi") }),
            ("9 bytes, last differs", { $0.string("abcdefghj") }),
            ("nil", { $0.optionalString(nil) }),
            ("empty", { $0.optionalString("") }),
            ("true", { $0.bool(true) }),
            ("count 1", { $0.count(1) }),
            ("nothing", { _ in }),
        ]
        var seen: [[UInt64]: String] = [:]
        for (name, feed) in sequences {
            let value = key(feed)
            XCTAssertEqual(key(feed), value, "\(name) hashes the same every time")
            if let other = seen[value], !(["true", "count 1"].contains(name) && ["true", "count 1"].contains(other)) {
                XCTFail("\(name) and \(other) have the same key")
            }
            seen[value] = name
        }
    }
}
