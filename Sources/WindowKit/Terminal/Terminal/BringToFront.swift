import Glibc
import WindowClient
public import WindowProtocol

/// The last resort of a presenter whose window is focused (`window.focus`) at a place with no
/// interface to raise it.
///
/// A ``WindowScene`` brings its terminal to front at its place by itself (the tmux window and
/// pane, the kitty, X11, i3 or sway window; both levels when nested) before its
/// `focusRequests` stream says so. Where the place is `terminal`, nothing can raise it: the
/// presenter can only ask, by setting the terminal's title and ringing the bell.
///
/// ```swift
/// for await request in scene.focusRequests where request.window.place?.kind ?? .terminal == .terminal {
///     BringToFront.terminal.perform(for: request.window, on: terminal.mode)
/// }
/// ```
///
/// ``tmux(pane:)`` and ``tmuxCommands(pane:)`` remain for programs that present without
/// WindowKit: they select the pane's window and pane and switch the client to them.
public enum BringToFront: Equatable, Sendable {
    /// In the tmux pane `pane` (`$TMUX_PANE`, e.g. `%3`).
    case tmux(pane: String)
    /// In a terminal of its own.
    case terminal

    /// Where this process runs: tmux when both `$TMUX` and `$TMUX_PANE` are set.
    public static func detect() -> BringToFront {
        guard let tmux = getenv("TMUX"), tmux.pointee != 0, let pane = getenv("TMUX_PANE"), pane.pointee != 0 else {
            return .terminal
        }
        return .tmux(pane: String(cString: pane))
    }

    /// The tmux commands that bring `pane` to front, each an argv.
    public static func tmuxCommands(pane: String) -> [[String]] {
        [
            ["tmux", "select-window", "-t", pane],
            ["tmux", "select-pane", "-t", pane],
            ["tmux", "switch-client", "-t", pane],
        ]
    }

    /// Brings the presenter of `window` to front on `terminal`.
    public func perform(for window: WindowInfo, on terminal: TerminalMode) {
        switch self {
        case .tmux(let pane):
            for command in BringToFront.tmuxCommands(pane: pane) { BringToFront.run(command) }
        case .terminal:
            terminal.write(ControlSequence.title("windowd: " + WindowLabel.label(window)) + ControlSequence.bell)
        }
    }

    /// Runs `arguments` (no shell), its output discarded, and waits for it; `false` if it failed.
    @discardableResult
    public static func run(_ arguments: [String]) -> Bool {
        ProcessRunner.run(arguments)
    }
}
