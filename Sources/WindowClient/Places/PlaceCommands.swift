public import WindowProtocol

/// What to do, step by step, to bring a place to front or to open a new window there: pure,
/// so that every argv and IPC message is tested without the program it is meant for.
public enum PlaceCommands {
    /// The steps that bring `place` to front: the innermost level first (the tmux pane), then
    /// each outer one (the kitty window, then the sway container holding it). Empty for a bare
    /// `terminal`: there the caller rings the bell and sets the title.
    public static func bringToFront(_ place: Place) -> [PlaceStep] {
        place.levels.flatMap(FocusCommands.steps(for:))
    }

    /// The steps that open a new window running `argv` titled `title` at `place`: a new tmux
    /// window in its session, a kitty window through its kitty, a WezTerm pane, a zellij pane,
    /// a screen window, or under a window manager a new window of the user's terminal emulator.
    ///
    /// `environment` is the opener's: `$TERMINAL` comes from it, and a new terminal emulator
    /// starts with it, less the variables that name the opener's window and its own `WINDOWD_*`.
    /// `variables` (the opener's socket and app, the window's id) are passed to `argv` at every
    /// place. Empty when no level of `place` can open a window.
    public static func launch(
        argv: [String],
        title: String,
        at place: Place,
        environment: [String: String],
        variables: LaunchVariables = LaunchVariables()
    ) -> [PlaceStep] {
        guard !argv.isEmpty else { return [] }
        let request = LaunchRequest(argv: argv, title: title, environment: environment, variables: variables)
        for level in place.levels {
            let steps = LaunchCommands.steps(for: request, at: level)
            if !steps.isEmpty { return steps }
        }
        return []
    }
}

/// One launch as ``LaunchCommands`` builds it.
struct LaunchRequest {
    var argv: [String]
    var title: String
    var environment: [String: String]
    var variables: LaunchVariables
    /// tmux: the name of a session to make with the new window as its first, instead of a window.
    var newSession: String?

    /// The variables the launched command gets, sorted by name, as `NAME=value`.
    var passedVariables: [String] { variables.assignments }
}
