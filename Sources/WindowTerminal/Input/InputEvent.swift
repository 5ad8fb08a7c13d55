/// What a key or a terminal report on standard input means to the presenter.
public enum InputEvent: Hashable, Sendable {
    /// `q`: detach and leave; the window stays.
    case detach
    /// Ctrl-C: leave as SIGINT would.
    case interrupt
    /// Ctrl-Z: go to `background` and stop.
    case suspend
    /// Tab: the next panel.
    case nextPanel
    /// Shift-Tab (`CSI Z`): the previous panel.
    case previousPanel
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// `CSI I`: the terminal got the focus.
    case focusIn
    /// `CSI O`: the terminal lost the focus.
    case focusOut
    /// Any other key: it only clears a highlight.
    case other
}
