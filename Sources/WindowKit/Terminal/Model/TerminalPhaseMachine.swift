public import WindowProtocol

/// The window's phase as the user sees its terminal: focus in and out, shown and hidden by its
/// place, suspend and continue.
///
/// A value that returns the phase to report, or `nil` when nothing changed: `active` while the
/// terminal is shown and has the focus, `inactive` while it is shown without the focus,
/// `background` while its place hides it or the presenter is stopped (windowd-protocol(7),
/// "Scene phase"). A terminal that never reports focus leaves the window `active` for as long as it
/// is attached and shown; a place whose visibility is not known counts as shown.
public struct TerminalPhaseMachine: Hashable, Sendable {
    /// What the terminal or its place did.
    public enum Signal: Hashable, Sendable {
        /// `CSI I`: the terminal (or tmux pane) got the focus.
        case focusIn
        /// `CSI O`: it lost the focus.
        case focusOut
        /// Ctrl-Z or SIGTSTP: the presenter is about to stop.
        case suspend
        /// SIGCONT: the presenter runs again, in front.
        case resume
        /// The place shows the terminal again (a tmux client shows its window, its workspace is
        /// on an output, its kitty tab is the current one).
        case shown
        /// The place hides the terminal: nothing can see it.
        case hidden
        /// The place shows the terminal and says the focus is elsewhere (kitty, asked once the
        /// focus reports are on: a focus out before them was not reported).
        case unfocused
    }

    /// The phase last reported.
    public private(set) var phase: ScenePhase
    /// Whether the presenter is stopped; focus reports then change nothing.
    public private(set) var isSuspended = false
    /// Whether the terminal has the focus, as its last focus report said.
    public private(set) var hasFocus: Bool
    /// Whether the place shows the terminal, as it last said.
    public private(set) var isShown = true

    /// Starts in `phase`, the one the window was attached with, its place showing the terminal
    /// or not (`shown`), as the place said before the attach.
    public init(phase: ScenePhase = .active, shown: Bool = true) {
        self.phase = phase
        hasFocus = phase == .active
        isShown = shown
    }

    /// The phase of a terminal that is `focused` or not, `shown` by its place or not, its
    /// presenter `suspended` or not.
    public static func phase(focused: Bool, shown: Bool, suspended: Bool) -> ScenePhase {
        guard shown, !suspended else { return .background }
        return focused ? .active : .inactive
    }

    /// Takes `signal`; returns the phase to report if it changed.
    public mutating func handle(_ signal: Signal) -> ScenePhase? {
        switch signal {
        case .focusIn, .focusOut:
            guard !isSuspended else { return nil }
            hasFocus = signal == .focusIn
        case .suspend:
            isSuspended = true
        case .resume:
            isSuspended = false
            hasFocus = true
        case .shown, .hidden:
            isShown = signal == .shown
        case .unfocused:
            isShown = true
            if !isSuspended { hasFocus = false }
        }
        let next = Self.phase(focused: hasFocus, shown: isShown, suspended: isSuspended)
        guard next != phase else { return nil }
        phase = next
        return next
    }
}
