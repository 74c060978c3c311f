import Foundation

/// What `ParsedFileCoding.decodeForPlanning` reads past without building it.
extension ParsedFileCoding.Decoder {
    /// The members whose owner is not one of `ParsedFile.namesOfTypesOtherThanEnums` (enums and types are
    /// decoded first), compared as bytes so that the others (nearly all, in an app's sources) are never built.
    mutating func membersForPlanning(into file: inout ParsedFile) throws {
        let otherTypeNames = file.namesOfTypesOtherThanEnums
        let count = try reader.count()
        var index = 0
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
                try skipString()  // name
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
            try skipString()
            try skipIfConfig()
        }
    }

    mutating func skipDiagnostics() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            _ = try reader.byte()
            try skipString()
            if try reader.bool() { try skipLocation() }
        }
    }

    /// Reads past what `enumCase` reads.
    mutating func skipEnumCase() throws {
        try skipString()  // name
        try skipLocation()
        _ = try reader.bool()
        try skipStrings()
        try skipIfConfig()
        if try reader.bool() {
            var count = try reader.count()
            while count > 0 {
                count -= 1
                try skipOptionalString()
                try skipString()
                try skipOptionalString()
                _ = try reader.bool()
            }
        }
        try skipOptionalString()
        var count = try reader.count()  // annotations
        while count > 0 {
            count -= 1
            try skipString()
            try skipString()
            try skipOptionalString()
        }
    }

    mutating func skipLocation() throws {
        if try reader.bool() { try skipString() }
        _ = try reader.natural()
        _ = try reader.natural()
    }

    mutating func skipString() throws {
        _ = try reader.slice(try reader.count())
    }

    mutating func skipOptionalString() throws {
        if try reader.bool() { try skipString() }
    }

    mutating func skipStrings() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            try skipString()
        }
    }

    mutating func skipIfConfig() throws {
        var count = try reader.count()
        while count > 0 {
            count -= 1
            _ = try reader.int()
            try skipString()
            try skipString()
            try skipStrings()
        }
    }
}
