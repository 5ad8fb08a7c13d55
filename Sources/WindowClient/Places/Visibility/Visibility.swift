/// Whether a terminal's place lets the user see it (windowd-protocol(7), "Scene phase").
public enum Visibility: Sendable, Hashable {
    /// Something shows it: a tmux client shows its window, its workspace is on an output, its
    /// kitty tab is the current one.
    case shown
    /// Nothing can see it.
    case hidden

    /// Hidden if any level of a nested place hides it, else shown.
    public static func combined(_ levels: some Sequence<Visibility>) -> Visibility {
        levels.contains(.hidden) ? .hidden : .shown
    }
}
