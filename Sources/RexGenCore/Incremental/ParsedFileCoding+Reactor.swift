/// Reactor's states in the cache's encoding (see `ReactorStateDeclaration`), kept apart from the rest of
/// `ParsedFileCoding` as the states are from the rest of the model.
extension ParsedFileCoding.Encoder {
    func reactorState(_ state: ReactorStateDeclaration) {
        writer.string(state.kind.rawValue)
        writer.strings(state.qualifiedNameComponents)
        location(state.location)
        writer.bool(state.namesReactorExplicitly)
        access(state.declaredAccess)
        scopes(state.enclosingScopes)
        writer.strings(state.genericParameterNames)
        ifConfig(state.ifConfig)
        annotations(state.annotations)
        writer.count(state.properties.count)
        for property in state.properties {
            writer.string(property.name)
            writer.string(property.typeText)
            location(property.location)
            writer.bool(property.isLet)
            access(property.declaredAccess)
            access(property.setterAccess)
            ifConfig(property.ifConfig)
            annotations(property.annotations)
        }
        writer.count(state.cases.count)
        for enumCase in state.cases { self.enumCase(enumCase) }
        writer.bool(state.declaresReact)
        writer.bool(state.declaresReactSubstates)
    }
}

extension ParsedFileCoding.Decoder {
    mutating func reactorState() throws -> ReactorStateDeclaration {
        guard let kind = ReactorStateDeclaration.Kind(rawValue: try reader.string()) else { throw ByteReader.Malformed() }
        var state = ReactorStateDeclaration(kind: kind, qualifiedNameComponents: try reader.strings(),
                                            location: try location(), namesReactorExplicitly: try reader.bool())
        state.declaredAccess = try access()
        state.enclosingScopes = try scopes()
        state.genericParameterNames = try reader.strings()
        state.ifConfig = try ifConfig()
        state.annotations = try annotations()
        state.properties = try array { decoder in
            var property = StoredPropertyDeclaration(name: try decoder.reader.string(), typeText: try decoder.reader.string(),
                                                     location: try decoder.location(), isLet: try decoder.reader.bool())
            property.declaredAccess = try decoder.access()
            property.setterAccess = try decoder.access()
            property.ifConfig = try decoder.ifConfig()
            property.annotations = try decoder.annotations()
            return property
        }
        state.cases = try array { try $0.enumCase() }
        state.declaresReact = try reader.bool()
        state.declaresReactSubstates = try reader.bool()
        return state
    }
}
