/// Reactor's states in the cache's field list (see `ReactorStateDeclaration`), kept apart from the rest of
/// `ParsedFileCoding` as the states are from the rest of the model. Planning decodes them whole: they are few,
/// and the summary keeps them whole.
extension ReactorStateDeclaration {
    static var blank: ReactorStateDeclaration {
        ReactorStateDeclaration(kind: .struct, qualifiedNameComponents: [], location: .blank, namesReactorExplicitly: false)
    }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.rawValue(&kind)
        try coder.strings(&qualifiedNameComponents)
        try coder.location(&location)
        try coder.bool(&namesReactorExplicitly)
        try coder.access(&declaredAccess)
        try coder.scopes(&enclosingScopes)
        try coder.strings(&genericParameterNames)
        try coder.clauses(&ifConfig)
        try coder.annotations(&annotations)
        try coder.strings(&attributes)
        try coder.array(&properties, blank: { .blank }) { try $0.code(&$1) }
        try coder.array(&cases, blank: { .blank }) { try $0.code(&$1) }
        try coder.bool(&declaresReact)
        try coder.bool(&declaresReactSubstates)
    }
}

extension StoredPropertyDeclaration {
    static var blank: StoredPropertyDeclaration { StoredPropertyDeclaration(name: "", typeText: "", location: .blank) }

    mutating func code(_ coder: inout FieldCoder) throws {
        try coder.string(&name)
        try coder.string(&typeText)
        try coder.location(&location)
        try coder.bool(&isLet)
        try coder.access(&declaredAccess)
        try coder.access(&setterAccess)
        try coder.clauses(&ifConfig)
        try coder.annotations(&annotations)
        try coder.strings(&attributes)
    }
}
