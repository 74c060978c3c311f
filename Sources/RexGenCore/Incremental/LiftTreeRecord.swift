/// Where one lift conformance's enum sits in the action tree, as the generation cache records it beside the
/// conformance's place in the lift file: which enum it is, which conformance's enum carries it, and by which
/// case. With these, a run after an edit that hangs a new leaf under an enum (or takes one away) writes or
/// removes that one conformance in the last run's file instead of analysing the whole tree again (see
/// `TreeEditShortcut`).
struct LiftTreeRecord: Equatable, Sendable {
    /// The enum's file, by index in `SourceModel.allFiles` (the run's inputs, in order), and the enum's index
    /// in that file's `enums`.
    var fileIndex: Int
    var enumIndex: Int
    /// The index of the conformance of the enum whose case carries this one; nil for the root's own.
    var parent: Int?
    /// `caseHash(of:)` of that case.
    var caseHash: UInt64

    /// Records are 24 bytes: file (4), enum (4), parent (4, all ones for none), unused (4), case hash (8).
    static let size = 24
    private static let noParent = UInt32.max

    /// The case of a parent that carries a conformance's enum, named as no edit that leaves the tree as it
    /// was can change it: by name and labels (two cases may share a name, never with the same labels).
    static func caseHash(of enumCase: EnumCaseDeclaration) -> UInt64 {
        var inputs = FieldHasher()
        inputs.string(enumCase.name)
        inputs.count(enumCase.associatedValues?.count ?? -1)
        for value in enumCase.associatedValues ?? [] { inputs.optionalString(value.label) }
        return inputs.finalized.0
    }

    /// One record per conformance of `plan`, in the order `LiftRenderer` writes them.
    static func records(for plan: LiftPlan, in tree: ActionTree) -> [LiftTreeRecord] {
        var records: [LiftTreeRecord] = []
        for root in plan.roots {
            // Every conformance's path parent has a conformance of its own, written before it.
            var recordOfNode: [Int: Int] = [:]
            var index = 0
            while index < root.conformances.count {  // not `for … in`: ten thousand conformances in a debug build
                let conformance = root.conformances[index]
                index += 1
                let node = conformance.node >= 0 ? tree.nodes[conformance.node] : nil
                recordOfNode[conformance.node] = records.count
                let lastEdge = conformance.path.last
                records.append(LiftTreeRecord(fileIndex: node?.fileIndex ?? -1, enumIndex: node?.enumIndex ?? -1,
                                              parent: lastEdge.flatMap { recordOfNode[$0.parent] },
                                              caseHash: lastEdge.map { caseHash(of: $0.enumCase) } ?? 0))
            }
        }
        return records
    }

    static func write(_ records: [LiftTreeRecord], to writer: ByteWriter) {
        writer.count(records.count)
        var words: [UInt32] = []
        words.reserveCapacity(6 * records.count)
        var index = 0
        while index < records.count {
            let record = records[index]
            index += 1
            words.append(UInt32(truncatingIfNeeded: record.fileIndex).littleEndian)
            words.append(UInt32(truncatingIfNeeded: record.enumIndex).littleEndian)
            words.append((record.parent.map { UInt32(truncatingIfNeeded: $0) } ?? noParent).littleEndian)
            words.append(0)
            words.append(UInt32(truncatingIfNeeded: record.caseHash).littleEndian)
            words.append(UInt32(truncatingIfNeeded: record.caseHash >> 32).littleEndian)
        }
        words.withUnsafeBytes { writer.raw($0[...]) }
    }

    static func skip(_ reader: inout ByteReader) throws -> Range<Int> {
        let count = try reader.count()
        guard count <= Int.max / size else { throw ByteReader.Malformed() }
        let start = reader.offset
        _ = try reader.slice(count * size)
        return start..<reader.offset
    }

    /// The records in `bytes` of `storage`; empty if a file or parent index is out of place (a parent comes
    /// before its child).
    static func decode(_ storage: [UInt8], _ bytes: Range<Int>) -> [LiftTreeRecord] {
        storage.withUnsafeBytes { raw in
            var records: [LiftTreeRecord] = []
            records.reserveCapacity(bytes.count / size)
            var offset = bytes.lowerBound
            while offset + size <= bytes.upperBound {
                func word(_ index: Int) -> UInt32 {
                    UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 4 * index, as: UInt32.self))
                }
                let parent = word(2) == noParent ? nil : Int(word(2))
                if let parent, parent >= records.count { return [] }
                records.append(LiftTreeRecord(fileIndex: Int(Int32(bitPattern: word(0))), enumIndex: Int(Int32(bitPattern: word(1))),
                                              parent: parent, caseHash: UInt64(word(4)) | UInt64(word(5)) << 32))
                offset += size
            }
            return records
        }
    }
}
