// The lifts of an enum inside a generic enum, used as an app would: these only type-check when the
// conformance states the argument the path gives (`FormAction<Int>.FieldAction`, not any `FieldAction`).
#if canImport(SwiftRex)
import SwiftRex

struct RouterState {
    var clearedFields = 0
}

func routerReducer() -> Reducer<Router.Action, RouterState> {
    let fields = Reducer<FormAction<Int>.FieldAction, Int>.reduce { action, count in
        if case .clear = action { count += 1 }
    }
    return fields.liftToRouterAction(state: \RouterState.clearedFields)
}

func clearField() -> Router.Action {
    FormAction<Int>.FieldAction.clear.routerAction
}
#endif
