/// Whether a terminal's place lets the user see it (windowd-protocol(7), "Scene phase").
public enum Visibility: Sendable, Hashable {
    /// Something shows it: a tmux client shows its window, its workspace is on an output, its
    /// kitty tab is the current one.
    case shown
    /// Nothing can see it.
    case hidden
    /// Shown, and its place says the focus is elsewhere (kitty's `ls`): what a focus out the
    /// terminal sent before focus reports were asked for would have said.
    case unfocused

    /// Hidden if any level of a nested place hides it, else without the focus if any says so.
    public static func combined(_ levels: some Sequence<Visibility>) -> Visibility {
        levels.contains(.hidden) ? .hidden : levels.contains(.unfocused) ? .unfocused : .shown
    }
}
