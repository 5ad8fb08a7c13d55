/// What kind of place a terminal is in (winctl(1), Attached terminals): a multiplexer's pane or window, a
/// graphical terminal's window, a window manager's window, or a bare terminal.
public enum PlaceKind: String, Sendable, Hashable, WireEnum {
    /// A tmux pane: `socket`, `pane`, `session`; its presenter adds the session `name` and `window` index.
    case tmux
    /// A GNU screen window: `session` (`$STY`), `window` (`$WINDOW`).
    case screen
    /// A kitty window: `listen_on` (`$KITTY_LISTEN_ON`), `window_id` (`$KITTY_WINDOW_ID`).
    case kitty
    /// A WezTerm pane: `pane` (`$WEZTERM_PANE`), `socket` (`$WEZTERM_UNIX_SOCKET`).
    case wezterm
    /// A zellij pane: `session` (`$ZELLIJ_SESSION_NAME`), `pane` (`$ZELLIJ_PANE_ID`).
    case zellij
    /// An X11 window with no known window manager interface: `display`, `window` (`$WINDOWID`),
    /// the terminal's `pid` when known.
    case x11
    /// A sway container: `socket` (`$SWAYSOCK`), `pid` (the terminal's) or `con_id`, `display`.
    case sway
    /// An i3 window: `socket` (`$I3SOCK`), `window` (`$WINDOWID`) or `con_id`, `display`, `pid`.
    case i3
    /// A Hyprland window: `instance` (`$HYPRLAND_INSTANCE_SIGNATURE`), `pid`, `display`.
    case hyprland
    /// A niri window: `socket` (`$NIRI_SOCKET`), `pid`, `display`.
    case niri
    /// A terminal with no interface to reach it: at most its `pid`.
    case terminal
}
