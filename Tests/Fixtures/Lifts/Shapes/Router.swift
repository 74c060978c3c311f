// Shapes the lift output must get right beyond the end-to-end fixture. LiftReferenceTests compares the
// generated lift file, `dump --format tree|dot` and the diagnostics with Expected/Shapes.*, and type-checks
// the generated file, with Usage.swift, against the SwiftRex stand-in (with and without -D DEBUG).
import Foundation

// A root nested in an extension: its names join to RouterAction (`RouterActionConvertible`,
// `init?(routerAction:)`, `liftToRouterAction`), while the code still spells the type `Router.Action`.
public enum Router {}

extension Router {
    public indirect enum Action {
        case tab(TabAction)
        #if DEBUG
        // Its conformance must sit inside the same `#if DEBUG`.
        case debug(DebugMenuAction)
        #endif
        // A keyword case name: escaped in the pattern and the embed.
        case `default`(DefaultsAction)
        // A keyword argument label: kept on the embed (`.panel(in: self)`).
        case panel(in: PanelAction)
        // An explicit `_` label: embedded without a label.
        case sheet(_ sheet: SheetAction)
        // Back to the root: a cycle, not a second path.
        case back(Router.Action)
    }
}

public enum TabAction {
    case select(Int)
    // Through a generic typealias: the alias supplies the generic argument (`where Value == String`).
    case page(TabPage)
    case form(FormAction<Int>)
    // An action enum inside a generic type that is no action enum: the payload writes the type's argument,
    // which its conformance states (`where Item == Int`), and so does that of the enum it carries.
    case picker(Picker<Int>.PickerAction)
}

public struct Picker<Item> {
    public enum PickerAction {
        case pick(Item)
        case row(RowAction)
    }

    public enum RowAction {
        case tap
    }
}

public typealias TabPage = PageAction<String>

public enum PageAction<Value> {
    case loaded([Value])
    case reset
}

// An action enum inside a generic action enum: `FormAction<Int>.FieldAction` is a type of its own for each
// argument, so its conformance states the argument its path gives (`where Field == Int`).
public enum FormAction<Field> {
    case field(FieldAction)
    case submit(Field)

    public enum FieldAction {
        case clear
    }
}

public enum DebugMenuAction {
    case crash
}

public enum DefaultsAction {
    case reset
}

public enum PanelAction {
    // A typealias nested in the enum that uses it.
    public typealias Child = PanelListAction
    case close
    case list(Child)
}

public enum PanelListAction {
    case scroll(Int)
}

public enum SheetAction {
    case dismiss
}
