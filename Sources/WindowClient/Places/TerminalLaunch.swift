import WindowProtocol

/// A new window of a terminal emulator running `argv`: which emulators to try, in order, and
/// what to start in it. ``TerminalEmulator`` turns the first one found into an argv.
public struct TerminalLaunch: Sendable, Hashable {
    /// A terminal emulator to try.
    public enum Candidate: Sendable, Hashable {
        /// A program by name (looked up on `PATH`) or by path: `$TERMINAL`, `xdg-terminal-exec`, …
        case program(String)
        /// The program process `pid` runs (`/proc/PID/exe`): the opener's own terminal.
        case sameAs(pid: Int32)
        /// The terminal emulator this user started last (``ProcessTable/newestTerminal()``).
        case running
    }

    /// The emulators to try, first one found wins.
    public var candidates: [Candidate]
    /// The command to run in the new window.
    public var argv: [String]
    /// The new window's title, where the emulator takes one.
    public var title: String
    /// The new terminal's whole environment.
    public var environment: [String: String]

    /// A launch of `argv` titled `title` in the first of `candidates` that exists.
    public init(candidates: [Candidate], argv: [String], title: String, environment: [String: String]) {
        self.candidates = candidates
        self.argv = argv
        self.title = title
        self.environment = environment
    }
}
