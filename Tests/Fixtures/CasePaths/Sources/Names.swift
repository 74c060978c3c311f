// Case names a case path cannot have, because the conformance declares or means something else by them:
// these enums get no CasePathable conformance (a note says why), and their properties still compile.

public enum OverloadedAction: Equatable {
    case load(id: Int)
    case load(name: String)
    case done
}

#if DEBUG
public enum ExclusiveAction: Equatable {
    #if os(Linux)
    case load(id: Int)
    #else
    case load(name: String)
    #endif
    case done
}
#endif

public enum TypeNamedAction: Equatable {
    case `Type`
    case other
}

public enum ProtocolNamedAction: Equatable {
    case `Protocol`(Int)
    case other
}

public enum IteratorNamedAction: Equatable {
    case makeIterator
    case other
}

public enum AllCasePathsNamedAction: Equatable {
    case AllCasePaths
    case other
}

public enum RootAliasNamedAction: Equatable {
    case _AllCasePathsRoot
    case other
}

public enum CasesNamedAction: Equatable {
    case Cases(Int)
    case other
}

// Names that look as if they could not be case paths, and can.
public enum KeywordNamedAction: Equatable {
    case `self`(Int)
    case `init`(Int)
    case `subscript`
    case other
}

// A case whose payload is `Never` cannot be constructed: its case path would draw "will never be executed".
// The other cases keep theirs.
public enum ImpossibleAction {
    case fail(Never)
    case other
}
