import CasePaths

// Two enums of the same shape. `BenchAction` ends in "Action", so the RexGen build plugin generates its
// properties (`selected`, `isSelected`, …) into this target, and, with `casePaths: true` in this folder's
// rexgen.yml, its macro-free CasePathable conformance; `BenchPathable` does not, so RexGen leaves it
// alone and only @CasePathable's macro expands it (its dynamic member `selected` would otherwise be shadowed
// by a generated property of the same name).

enum BenchAction {
    case started
    case selected(id: Int)
    case loaded(items: [String], page: Int)
    case failed(message: String, code: Int)
    case child(ChildAction)
}

enum ChildAction {
    case tapped
    case renamed(String)
}

@CasePathable
@dynamicMemberLookup
enum BenchPathable {
    case started
    case selected(id: Int)
    case loaded(items: [String], page: Int)
    case failed(message: String, code: Int)
    case child(ChildAction)
}

/// What one writes without a generator: a switch per payload.
func selectedByHand(_ action: BenchAction) -> Int? {
    switch action {
    case .selected(let id): id
    default: nil
    }
}
