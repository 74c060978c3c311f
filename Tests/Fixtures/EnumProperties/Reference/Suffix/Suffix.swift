// Run with `--suffix Msg --suffix Command`: those suffixes replace the default `Action` and `Event`.

public enum SuffixChatMsg {
    case sent(String)
}

public enum SuffixCommand {
    case run
}

// Not selected: `Action` is no longer one of the suffixes.
public enum SuffixIgnoredAction {
    case ignored
}

// rexgen: prism
public enum SuffixAnnotated {
    case stillSelected
}
