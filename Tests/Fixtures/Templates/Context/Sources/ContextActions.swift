// Input for the context reference test (Context.stencil): one of each thing the template context
// describes, so the golden file shows every key with a real value.
import Foundation

// sourcery: Prism, imports = "Foundation"
public enum AppAction: Equatable, CustomStringConvertible {
    case started
    case list(ListAction)
    case detail(id: Int, title: String = "untitled")
    #if DEBUG
    case debugMenu(DebugAction)
    #endif
    @available(*, deprecated, message: "use started")
    case legacy
    indirect case wrapped(AppAction)

    public var description: String { "app" }
}

public enum ListAction: Equatable {
    case load
    case loaded([String], total: Int)
    case failed(message: String?, retry: () -> Void)

    public static func == (lhs: ListAction, rhs: ListAction) -> Bool { false }
}

enum DebugAction {
    case log(_ line: String, level: Int)
}

public enum Settings {
    public enum Action {
        case toggle(isOn: Bool)
    }
}

public enum LoadEvent<Success, Failure: Error> {
    case finished(Success)
}

/// Not selected by name (no `Action`/`Event` suffix): in `types.all`, but not in the default output.
public enum Tab: String {
    case home = "h"
    case profile
}
