// A file that imports CasePathsCore itself (plainly, so internally in a target with InternalImportsByDefault):
// the generated code imports it once, as widely as the public conformance needs.
import CasePathsCore

public enum SettingsAction: Equatable {
    case toggled(Bool)
}
