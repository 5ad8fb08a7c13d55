public import WindowProtocol

/// The window's phase as the terminal decides it: focus in and out, suspend and continue.
///
/// A value that returns the phase to report, or `nil` when nothing changed. A terminal that
/// never reports focus leaves the window `active` for as long as it is attached.
public struct TerminalPhaseMachine: Hashable, Sendable {
    /// What the terminal did.
    public enum Signal: Hashable, Sendable {
        /// `CSI I`: the terminal (or tmux pane) got the focus.
        case focusIn
        /// `CSI O`: it lost the focus.
        case focusOut
        /// Ctrl-Z or SIGTSTP: the presenter is about to stop.
        case suspend
        /// SIGCONT: the presenter runs again, in front.
        case resume
    }

    /// The phase last reported.
    public private(set) var phase: ScenePhase
    /// Whether the presenter is stopped; focus reports then change nothing.
    public private(set) var isSuspended = false

    /// Starts in `phase`, the one the window was attached with.
    public init(phase: ScenePhase = .active) {
        self.phase = phase
    }

    /// Takes `signal`; returns the phase to report if it changed.
    public mutating func handle(_ signal: Signal) -> ScenePhase? {
        let next: ScenePhase
        switch signal {
        case .focusIn, .focusOut:
            guard !isSuspended else { return nil }
            next = signal == .focusIn ? .active : .inactive
        case .suspend:
            isSuspended = true
            next = .background
        case .resume:
            isSuspended = false
            next = .active
        }
        guard next != phase else { return nil }
        phase = next
        return next
    }
}
