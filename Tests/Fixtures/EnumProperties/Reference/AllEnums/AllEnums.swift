// Run with `--all-enums`: every enum is selected whatever its name, except those opted out.

public enum AllEnumsColor {
    case red
    case custom(hue: Double)
}

public enum AllEnumsAction {
    case tapped
}

// rexgen: skip
public enum AllEnumsSkipped {
    case stillSkipped
}

// Enums without cases get no extension.
public enum AllEnumsNamespace {}
