/// Walks a value's fields, listed once (the model types' `code(_:)` in `ParsedFileCoding.swift`), in one of
/// four modes: written to the cache (`encode`), read back (`decode`), read past (`skip`: what planning
/// another file's enums does not need), or hashed without lines and columns (`hash`: what a file's
/// `CrossFileSummary` and a section's render key compare). One list, so the four cannot disagree: a field
/// added to the model and to its `code` is stored, read back, read past and compared.
///
/// In `encode` and `hash` modes the fields are only read: a field list takes them `inout` so that one list
/// serves decoding too, and arrays are walked through copies of their elements, so no array is copied.
struct FieldCoder {
    enum Mode { case encode, decode, skip, hash }

    private(set) var mode: Mode
    /// The file whose parse this is: locations in it store a flag instead of the path, and decoding shares
    /// the one path string among them.
    let path: String
    /// Decoding for planning (`ParsedFileCoding.decodeForPlanning`): the parts planning does not read are
    /// skipped.
    let isForPlanning: Bool
    private let writer: ByteWriter?
    var reader: ByteReader
    private(set) var hasher = FieldHasher()

    private static var noBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: nil, count: 0) }

    static func encoding(path: String, to writer: ByteWriter) -> FieldCoder {
        FieldCoder(mode: .encode, path: path, isForPlanning: false, writer: writer,
                   reader: ByteReader(noBytes))
    }

    static func decoding(path: String, from reader: ByteReader, forPlanning: Bool = false) -> FieldCoder {
        FieldCoder(mode: .decode, path: path, isForPlanning: forPlanning, writer: nil, reader: reader)
    }

    /// The 128-bit hash of what `body` codes, positions left out.
    static func hash(path: String, _ body: (inout FieldCoder) throws -> Void) -> RenderedSections.Key {
        var coder = FieldCoder(mode: .hash, path: path, isForPlanning: false, writer: nil,
                               reader: ByteReader(noBytes))
        try? body(&coder)  // hashing reads no bytes, so nothing throws
        let (first, second) = coder.hasher.finalized
        return RenderedSections.Key(first: first, second: second)
    }

    /// Runs `body` reading past its fields when decoding and `condition` holds; in other modes as usual.
    mutating func skipping(if condition: Bool, _ body: (inout FieldCoder) throws -> Void) throws {
        guard condition, mode == .decode else { return try body(&self) }
        mode = .skip
        defer { mode = .decode }
        try body(&self)
    }

    /// Codes `body` after its length in bytes, so a decoder that does not need it jumps over it: `skip`
    /// mode always, `decode` mode when `skippedWhenDecoding`. Hashing codes `body` alone.
    mutating func lengthPrefixed(skippedWhenDecoding: Bool, _ body: (inout FieldCoder) throws -> Void) throws {
        switch mode {
        case .encode:
            let start = writer!.placeholder32()
            try body(&self)
            writer!.fill(UInt32(writer!.count - start - 4), at: start)
        case .decode where !skippedWhenDecoding:
            _ = try reader.fixed32()
            try body(&self)
        case .decode, .skip:
            _ = try reader.slice(Int(try reader.fixed32()))
        case .hash:
            try body(&self)
        }
    }

    // No `defer` or generic helpers in the hot primitives below: the debug build the build plugin runs pays
    // for each, and they run millions of times when a modular app's cache is decoded.

    mutating func string(_ value: inout String) throws {
        switch mode {
        case .encode: writer!.string(value)
        case .decode: value = try reader.string()
        case .skip: _ = try reader.slice(try reader.count())
        case .hash: hasher.string(value)
        }
    }

    mutating func bool(_ value: inout Bool) throws {
        switch mode {
        case .encode: writer!.bool(value)
        case .decode, .skip: value = try reader.bool()
        case .hash: hasher.bool(value)
        }
    }

    mutating func byte(_ value: inout UInt8) throws {
        switch mode {
        case .encode: writer!.byte(value)
        case .decode, .skip: value = try reader.byte()
        case .hash: hasher.count(Int(value))
        }
    }

    /// A count or length.
    mutating func count(_ value: inout Int) throws {
        switch mode {
        case .encode: writer!.count(value)
        case .decode, .skip: value = try reader.count()
        case .hash: hasher.count(value)
        }
    }

    mutating func signed(_ value: inout Int) throws {
        switch mode {
        case .encode: writer!.signed(Int64(value))
        case .decode, .skip: value = try reader.int()
        case .hash: hasher.count(value)
        }
    }

    mutating func optionalString(_ value: inout String?) throws {
        var isPresent = value != nil
        try bool(&isPresent)
        guard isPresent else {
            value = nil
            return
        }
        var text = value ?? ""
        try string(&text)
        value = text
    }

    mutating func strings(_ values: inout [String]) throws {
        var count = values.count
        try self.count(&count)
        switch mode {
        case .decode:
            values = []
            values.reserveCapacity(count)
            while values.count < count { values.append(try reader.string()) }
        case .skip:
            while count > 0 {
                _ = try reader.slice(try reader.count())
                count -= 1
            }
        case .encode, .hash:
            var index = 0
            while index < values.count {
                var value = values[index]
                try string(&value)
                index += 1
            }
        }
    }

    /// Codes the count of an empty array, and says so: most arrays of clauses, annotations, scopes and
    /// Reactor states are empty, and in the debug build the build plugin runs the generic `array` costs
    /// more than the rest of such an array's coding. False (nothing coded) when the array is not empty.
    mutating func codedAsEmpty(_ isEmpty: Bool) throws -> Bool {
        switch mode {
        case .encode, .hash:
            guard isEmpty else { return false }
            var zero = 0
            try count(&zero)
            return true
        case .decode, .skip:
            guard reader.nextByteIsZero else { return false }
            _ = try reader.byte()
            return true
        }
    }

    /// `count` elements, each coded by `code`: decoded into `blank()`s, read past, or written and hashed
    /// from copies.
    mutating func array<Element>(_ values: inout [Element], blank: () -> Element,
                                 _ code: (inout Element, inout FieldCoder) throws -> Void) throws {
        var count = values.count
        try self.count(&count)
        switch mode {
        case .decode:
            var decoded: [Element] = []
            decoded.reserveCapacity(count)
            while decoded.count < count {
                var element = blank()
                try code(&element, &self)
                decoded.append(element)
            }
            values = decoded
        case .skip:
            var element = blank()
            while count > 0 {
                try code(&element, &self)
                count -= 1
            }
        case .encode, .hash:
            var index = 0
            while index < values.count {
                var element = values[index]
                try code(&element, &self)
                index += 1
            }
        }
    }

    /// A location: a flag for "in this file" (else the path), then the line and column, which hashing leaves
    /// out.
    mutating func location(_ value: inout SourceLocation) throws {
        var isElsewhere = value.file != path
        try bool(&isElsewhere)
        if isElsewhere {
            try string(&value.file)
        } else if mode == .decode {
            value.file = path
        }
        switch mode {
        case .encode:
            writer!.count(value.line)
            writer!.count(value.column)
        case .decode, .skip:
            value.line = try reader.natural()
            value.column = try reader.natural()
        case .hash: break
        }
    }

    /// A value stored as its raw string; decoding anything else is a damaged cache.
    mutating func rawValue<Value: RawRepresentable>(_ value: inout Value) throws where Value.RawValue == String {
        var text = value.rawValue
        try string(&text)
        guard mode == .decode else { return }
        guard let decoded = Value(rawValue: text) else { throw ByteReader.Malformed() }
        value = decoded
    }

    mutating func access(_ value: inout AccessLevel?) throws {
        var text = value?.rawValue
        try optionalString(&text)
        guard mode == .decode else { return }
        guard let text else { return value = nil }
        guard let access = AccessLevel(rawValue: text) else { throw ByteReader.Malformed() }
        value = access
    }

    /// A value stored as its index in `table`.
    mutating func tableIndex<Value: Equatable>(_ value: inout Value, in table: [Value]) throws {
        // Looked up only when written or hashed: decoding a modular app's cache reads tens of thousands.
        var code: UInt8 = mode == .encode || mode == .hash ? UInt8(table.firstIndex(of: value) ?? 0) : 0
        try byte(&code)
        guard mode == .decode else { return }
        guard Int(code) < table.count else { throw ByteReader.Malformed() }
        value = table[Int(code)]
    }
}
