import Foundation

/// What `ParsedFileCoding.decodeForPlanning` reads past without building it.
extension ParsedFileCoding.Decoder {
    /// The members whose owner is not a struct, class, actor or protocol this file declares, compared as
    /// bytes so that the others (nearly all, in an app's sources) are never built.
    mutating func membersForPlanning(into file: inout ParsedFile) throws {
        var otherTypeNames: [String] = []
        var index = 0
        while index < file.types.count {
            let name = file.types[index].qualifiedName
            if !file.enums.contains(where: { $0.qualifiedName == name }) { otherTypeNames.append(name) }
            index += 1
        }
        let count = try reader.count()
        index = 0
        while index < count {
            index += 1
            let owner = try reader.slice(try reader.count())
            if otherTypeNames.contains(where: { name in
                var name = name
                return name.withUTF8 { name in
                    name.count == owner.count
                        && (owner.count == 0 || memcmp(name.baseAddress!, owner.baseAddress!, owner.count) == 0)
                }
            }) {
                _ = try reader.slice(try reader.count())  // name
                _ = try reader.byte()
                _ = try reader.bool()
                try skipLocation()
                try skipOptionalString()
            } else {
                file.members.append(try member(owner: String(decoding: owner, as: UTF8.self)))
            }
        }
    }

    mutating func skipImports() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            _ = try reader.slice(try reader.count())
            try skipIfConfig()
        }
    }

    mutating func skipDiagnostics() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            _ = try reader.byte()
            _ = try reader.slice(try reader.count())
            if try reader.bool() { try skipLocation() }
        }
    }

    /// Reads past what `enumCase` reads.
    mutating func skipEnumCase() throws {
        _ = try reader.slice(try reader.count())  // name
        try skipLocation()
        _ = try reader.bool()
        try skipStrings()
        try skipIfConfig()
        if try reader.bool() {
            var count = try reader.count()
            while count > 0 {
                count -= 1
                try skipOptionalString()
                _ = try reader.slice(try reader.count())
                try skipOptionalString()
                _ = try reader.bool()
            }
        }
        try skipOptionalString()
        var count = try reader.count()  // annotations
        while count > 0 {
            count -= 1
            _ = try reader.slice(try reader.count())
            _ = try reader.slice(try reader.count())
            try skipOptionalString()
        }
    }

    mutating func skipLocation() throws {
        if try reader.bool() { _ = try reader.slice(try reader.count()) }
        _ = try reader.natural()
        _ = try reader.natural()
    }

    mutating func skipOptionalString() throws {
        if try reader.bool() { _ = try reader.slice(try reader.count()) }
    }

    mutating func skipStrings() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            _ = try reader.slice(try reader.count())
        }
    }

    mutating func skipIfConfig() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            _ = try reader.int()
            _ = try reader.slice(try reader.count())
            _ = try reader.slice(try reader.count())
            try skipStrings()
        }
    }
}
