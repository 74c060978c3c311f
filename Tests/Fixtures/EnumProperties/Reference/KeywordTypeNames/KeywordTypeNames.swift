// A nested type may be named `Type` or `Protocol` only with backticks, and must keep them wherever it is
// named after a dot: `Outer.Type` means the metatype of `Outer`, which cannot be extended.

public enum KeywordTypeNamesOuter {
    // rexgen: prism
    public enum `Type` {
        case plain
    }

    // rexgen: prism
    public enum `Protocol` {
        case plain
    }
}
