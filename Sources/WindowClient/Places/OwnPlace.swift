import Glibc
import POSIXSupport
public import WindowProtocol

/// This process's own place, and what a client of windowd does there (winctl(1), Attached terminals): the
/// one piece of code that `winctl`, `winctl attach`, WindowKit and the example share.
///
/// ```swift
/// let here = OwnPlace.detect()                                   // sent with window.attach / window.open
/// OwnPlace.launch(result.command!, title: "detail 42", at: here,  // a new window of the group's command, here
///                 variables: .opener(socket: path, app: nil, windowID: result.window.id))
/// ```
public enum OwnPlace {
    /// The place of the terminal this process runs in, learned from its own environment and
    /// its terminal emulator's pid. With `outer`, a multiplexer's outer place too, which may
    /// run `tmux` to find where its client is (a few milliseconds): a presenter wants it, to come
    /// to front at both levels; an opener does not, as it launches at the inner level.
    /// With `outer`, a tmux pane's session name and window index too, and an i3 or sway
    /// window's workspace (one `GET_TREE`), where `winctl restore` makes it again.
    public static func detect(outer: Bool = true) -> Place {
        let detector = outer ? PlaceDetector.live : PlaceDetector()
        var place = detector.detect(environment: environment(), terminalPID: ProcessTable.terminalPID(of: getpid()))
        if outer, place.kind == .i3 || place.kind == .sway, let socket = place.socket,
            let tree = try? JSONParser.parse(
                I3IPC.request(type: I3MessageType.getTree, payload: "", socket: socket, timeout: .milliseconds(500))
            )
        {
            place.workspace = WindowManagerVisibility.workspace(of: place, in: tree)
        }
        return outer ? MultiplexerClientLookup.named(place) : place
    }

    /// Starts `command` (an argv, no shell) in a new terminal window at `place`, detached: a
    /// tmux or screen window of its session, a kitty window beside it, a new window of the
    /// terminal emulator, … with `variables` in its environment (the opener's daemon and the
    /// window's id). With `last`, where the window was last presented, there first where it
    /// exists or can be made again (``RestorePlace``). Blocking for the few milliseconds the
    /// place's interface takes. Returns why it failed, or `nil` once started. A program that is
    /// not on this process's `PATH` fails here, with its name: in the new window it would only
    /// flash up and die.
    @discardableResult
    public static func launch(
        _ command: [String],
        title: String,
        at place: Place,
        last: Place? = nil,
        variables: LaunchVariables
    ) -> String? {
        guard let program = command.first, ProcessRunner.isExecutable(program) else {
            let name = command.first ?? ""
            return name.contains("/")
                ? "\(name) is not an executable file" : "there is no program \(name) on PATH"
        }
        let windows = last.flatMap { last -> [Int]? in
            guard last.kind == .tmux, let socket = last.socket, let name = last.name else { return nil }
            let list = ["tmux", "-S", socket, "list-windows", "-t", "=" + name, "-F", "#{window_index}"]
            return ProcessRunner.output(list).map { $0.split(separator: "\n").compactMap { Int($0) } }
        }
        var failure =
            "there is nowhere to open a window from a \(place.kind.rawValue) place (no multiplexer and no display)"
        for steps in RestorePlace.launches(
            argv: command,
            title: title,
            last: last,
            here: place,
            tmuxWindows: windows,
            environment: environment(),
            variables: variables
        ) {
            guard case .failed(let reason)? = PlaceActions.perform(steps).first(where: { $0 != .done }) else {
                return nil
            }
            failure = reason
        }
        return failure
    }

    /// Brings `place` to front through its own interface, every level, outer last. Blocking
    /// (a few milliseconds): call it off an event loop. `false` if a step failed or the place
    /// has no interface (a `terminal`: ring the bell and set the title instead).
    @discardableResult
    public static func bringToFront(_ place: Place) -> Bool {
        canBringToFront(place) && PlaceActions.bringToFront(place)
    }

    /// After an open whose `outcome` says the window's presenter is stopped (Ctrl-Z): brings that
    /// presenter's terminal to front from here, where `fg` continues it, since the stopped
    /// process cannot bring itself. Nothing for any other outcome.
    public static func bringToFront(presenterOf window: WindowInfo, after outcome: OpenOutcome) {
        guard outcome == .stopped, let place = window.place else { return }
        bringToFront(place)
    }

    /// Whether bringing `place` to front goes through an interface (else: bell and title).
    public static func canBringToFront(_ place: Place) -> Bool {
        !PlaceCommands.bringToFront(place).isEmpty
    }

    /// Makes the place pass its terminal's focus in and out on to the programs in it, where that
    /// is a setting: tmux's `focus-events` (a server option, off by default), so that the
    /// phase follows the real focus (winctl(1), Attached terminals). Other places report focus as they are.
    ///
    /// While `focus-events` is off, tmux does not keep track of which pane has the focus (it
    /// notes a pane's focus on a change, and only with the option on), and it answers a program's
    /// request for focus reports from what it noted: a pane in front would read as unfocused.
    /// So when this turns the option on, each client is switched to the session it shows (nothing
    /// moves: the client is redrawn and a `client-session-changed` hook runs; `-E`: its environment
    /// is left alone), which makes tmux work out the focus of the panes the clients show.
    public static func reportFocus(at place: Place) {
        guard let command = PlaceCommands.focusReports(at: place), let answer = ProcessRunner.output(command),
            let refresh = PlaceCommands.focusRefresh(at: place, after: answer)
        else { return }
        ProcessRunner.run(refresh)
    }

    /// This process's environment as a dictionary.
    public static func environment() -> [String: String] {
        ProcessEnvironment.current()
    }
}
