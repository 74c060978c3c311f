// The lifts of an enum inside a generic enum, used as an app would: these only type-check when the
// conformance states the argument the path gives (`FormAction<Int>.FieldAction`, not any `FieldAction`).
#if canImport(SwiftRex)
import SwiftRex

struct RouterState {
    var clearedFields = 0
    var picked = 0
}

func routerReducer() -> Reducer<Router.Action, RouterState> {
    let fields = Reducer<FormAction<Int>.FieldAction, Int>.reduce { action, count in
        if case .clear = action { count += 1 }
    }
    let picker = Reducer<Picker<Int>.PickerAction, Int>.reduce { action, picked in
        if case let .pick(item) = action { picked = item }
    }
    return fields.liftToRouterAction(state: \RouterState.clearedFields)
        <> picker.liftToRouterAction(state: \RouterState.picked)
}

func clearField() -> Router.Action {
    FormAction<Int>.FieldAction.clear.routerAction
}

func tapRow() -> Router.Action {
    Picker<Int>.RowAction.tap.routerAction
}

func clearURLField() -> URLAction {
    FormAction<String>.FieldAction.clear.urlAction
}
#endif

// Each enum reached through a generic type, embedded with the arguments its conformance states.
func scopedActions() -> [ScopedAction] {
    [ScopedPicker<ScopedAction.Row>.PickAction.pick(ScopedAction.Row()).scopedAction,
     ScopedPicker<Int>.PageStepAction.step(1).scopedAction,
     ScopedOuter<Int>.Middle<String>.LeafAction.inner("x").scopedAction,
     ScopedHolder<Bool>.MixedAction<String>.element("e").scopedAction,
     ScopedPicker<Int>.AliasedAction.pick(2).scopedAction,
     ScopedPassedAction<Int>.value(3).scopedAction,
     ScopedRowsPageAction<String>.value("v").scopedAction,
     ScopedPicker<String>.RowPickAction.pick("p").scopedAction,
     ScopedRowsAction<String>.SectionAction.page(.value("w")).scopedAction]
}
