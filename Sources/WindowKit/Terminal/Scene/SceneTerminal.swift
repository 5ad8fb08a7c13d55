import Glibc
import WindowClient

/// A window's terminal side, for an app on WindowKit: the terminal taken over while the window is
/// presented and given back on every way out, its focus as the window's phase, and its keys,
/// size and the scene's changes as one stream of ``SceneEvent``s, its keys decoded, and its
/// screen drawn as frames of lines, only the rows that changed written.
///
/// ```swift
/// let terminal = SceneTerminal(scene: scene)!
/// let status = try await terminal.run(tick: .seconds(1)) { event -> Int32? in
///     switch event {
///     case .key(.character("q")), .hangUp, .signal, .dismissed: return 0
///     case .key(.down): selection += 1
///     default: break
///     }
///     terminal.draw(lines(size: terminal.size))   // [ScreenLine], cut or padded to the screen
///     return nil
/// }
/// await scene.close()
/// ```
///
/// ``run(tick:_:)`` enters raw mode and the alternate screen and asks for focus reports
/// (`CSI ?1004h`); it gives all of it back when the body returns an ending, when the task is
/// cancelled, and on SIGINT, SIGTERM and SIGHUP (handed to the body as ``SceneEvent/signal(_:)``,
/// the terminal restored once it ends). The window's phase is what the user sees: focus in and
/// out set it to `active` and `inactive`; while its place hides the terminal (a tmux window no
/// client shows, a detached tmux or screen session, a kitty tab not shown, an i3 or sway
/// workspace on no output: ``VisibilityWatcher``) it is `background`; Ctrl-Z or SIGTSTP report `background`,
/// give the terminal back and stop the process; SIGCONT takes the terminal again, reports
/// `active` (or `background` while hidden) and says ``SceneEvent/resized(_:)``.
public final class SceneTerminal {
    /// The window presented.
    public let scene: WindowScene
    /// The terminal: ``draw(_:)-([ScreenLine])`` writes frames to it; write anything else (a
    /// title, the bell) with ``TerminalMode/write(_:)-(String)``.
    public let mode: TerminalMode
    /// The terminal's size, from `TIOCGWINSZ` at the start, on SIGWINCH and after a suspend.
    public private(set) var size = TerminalSize.fallback
    private let signals: SignalPipe
    private var phases: TerminalPhaseMachine
    private var reports = TerminalReports()
    private var keys = InputDecoder()
    /// What the screen shows, so that a frame writes only the rows that changed.
    private var screen = TerminalScreen()
    /// Counts the reads of keys, so that a release of held keys meant for an earlier one is dropped.
    private var reads = 0
    /// The focus as the terminal reports it, for the place's visibility watcher.
    private let focus = FocusHint(focused: true)

    /// The terminal side of `scene` on `mode` (standard input and output unless given); `nil` if
    /// signals cannot be caught, or another terminal side catches them (one lives at a time).
    public init?(scene: WindowScene, mode: TerminalMode = TerminalMode()) {
        guard let signals = SignalPipe(catching: [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]) else {
            return nil
        }
        self.scene = scene
        self.signals = signals
        self.mode = mode
        phases = TerminalPhaseMachine(phase: scene.phase, shown: !scene.attachedHidden)
    }

    /// Takes the terminal over and calls `handle` with each event, in order, until it returns an
    /// ending or the task is cancelled; gives the terminal back, then returns that ending.
    ///
    /// The first event is ``SceneEvent/resized(_:)`` with the terminal's size: draw it whole.
    ///
    /// A trailing `ESC` (or a cut sequence) waits 10 ms for the rest before it is read as the
    /// Escape key, as ``InputDecoder/flush()`` says; a bracketed paste waits for its end.
    ///
    /// - Parameters:
    ///   - tick: how often a ``SceneEvent/tick`` comes; none if `nil`.
    ///   - handle: the app's answer to each event: an ending, or `nil` to go on.
    /// - Returns: the ending; `nil` if the task was cancelled.
    /// - Throws: ``Unavailable`` if the input is no terminal; nothing was changed.
    public func run<Ending>(
        tick: Duration? = nil,
        _ handle: (SceneEvent) async -> Ending?
    ) async throws(Unavailable) -> Ending? {
        // Nothing changes, the place's settings included, when the input is no terminal.
        guard isatty(mode.input) == 1 else { throw Unavailable(errno: errno) }
        // tmux passes focus reports on only with `focus-events` on; turned on before the terminal
        // asks for them, tmux answers that request with the pane's focus as it is now.
        if let place = scene.window.place { OwnPlace.reportFocus(at: place) }
        guard mode.enter() else { throw Unavailable(errno: errno) }
        defer { mode.restore() }
        size = TerminalSize.of(mode.output) ?? .fallback
        screen.forget()
        let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
        continuation.yield(.event(.resized(size)))
        // Asked for before the tasks start, so that nothing from now on is missed.
        let (states, aggregates, windows, windowPhases) = (
            scene.app.states, scene.app.scenePhases, scene.app.windowUpdates, scene.phases
        )
        let (appEvents, focusRequests, dismissals, statuses, requests) = (
            scene.app.events, scene.focusRequests, scene.dismissals, scene.app.connectionStatuses, scene.requests
        )
        let signals = self.signals
        var ending: Ending?
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await DescriptorReader.read(TerminalInput.open()) { continuation.yield(.bytes($0)) }
                if !Task.isCancelled { continuation.yield(.event(.hangUp)) }
            }
            group.addTask { try? await signals.forEachSignal { continuation.yield(.signal($0)) } }
            group.addTask { for await state in states { continuation.yield(.event(.state(state))) } }
            group.addTask { for await phase in aggregates { continuation.yield(.event(.appPhase(phase))) } }
            group.addTask { for await list in windows { continuation.yield(.event(.windows(list))) } }
            group.addTask { for await phase in windowPhases { continuation.yield(.event(.phase(phase))) } }
            group.addTask { for await event in appEvents { continuation.yield(.event(.event(event))) } }
            group.addTask { for await request in focusRequests { continuation.yield(.event(.focus(request))) } }
            group.addTask { for await request in requests { continuation.yield(.event(.request(request))) } }
            group.addTask { for await dismissal in dismissals { continuation.yield(.event(.dismissed(dismissal))) } }
            group.addTask { for await status in statuses { continuation.yield(.event(.connection(status))) } }
            if let place = scene.window.place {
                let focus = self.focus
                group.addTask {
                    await VisibilityWatcher.watch(place, focus: focus) { continuation.yield(.visibility($0)) }
                }
            }
            if let tick {
                group.addTask {
                    while (try? await Task.sleep(for: tick)) != nil { continuation.yield(.event(.tick)) }
                }
            }
            loop: for await input in inputs {
                for event in await events(for: input) {
                    if let end = await handle(event) {
                        ending = end
                        break loop
                    }
                }
                if case .bytes = input, reports.isHolding || (keys.isHolding && !keys.isInPaste) {
                    let read = reads
                    group.addTask {
                        if (try? await Task.sleep(for: SceneTerminal.escapeWait)) != nil {
                            continuation.yield(.release(read))
                        }
                    }
                }
            }
            group.cancelAll()
        }
        return ending
    }

    /// How long a trailing `ESC` waits for the rest of a sequence before it is the Escape key.
    static let escapeWait: Duration = .milliseconds(10)

    // MARK: The screen

    /// Draws `frame`, writing only the rows that differ from what the screen shows, in one
    /// synchronized update (DEC mode 2026); nothing while the terminal is given back.
    ///
    /// After a ``SceneEvent/resized(_:)`` (and at the start) the next frame is drawn whole.
    public func draw(_ frame: Frame) {
        guard mode.isActive else { return }
        mode.write(screen.update(to: frame))
    }

    /// Draws `lines` on the whole screen: cut or padded with blank lines to ``size``, each
    /// line cut to its width (``Frame/init(size:lines:)``); only what changed is written.
    public func draw(_ lines: [ScreenLine]) {
        draw(Frame(size: size, lines: lines))
    }

    /// Draws the next frame whole, as after a resize: for a screen that something else wrote
    /// on (Ctrl-L's redraw).
    public func redrawWhole() {
        screen.forget()
    }

    /// The terminal could not be taken over: its input is no terminal.
    public struct Unavailable: Error, Sendable {
        /// Why, from `tcgetattr(3)`.
        public let errno: Int32
    }

    /// What one source said, before the terminal's own part is taken out.
    private enum Input: Sendable {
        case bytes([UInt8])
        case signal(Int32)
        case event(SceneEvent)
        case visibility(Visibility)
        /// Nothing followed the held keys of read number `read` in time: read them as they stand.
        case release(Int)
    }

    /// The events for the app in `input`, after the terminal's own part (focus, suspend, resume,
    /// size) is done.
    private func events(for input: Input) async -> [SceneEvent] {
        switch input {
        case .event(.focus(let request)):
            // WindowKit has brought the place to front; a terminal with no interface can only ask.
            if !(request.window.place.map(OwnPlace.canBringToFront) ?? false) {
                BringToFront.terminal.perform(for: request.window, on: mode)
            }
            return [.focus(request)]
        case .event(let event):
            return [event]
        case .visibility(let visibility):
            report(phases.handle(TerminalPhaseMachine.Signal(visibility)))
            await scene.notePlace()
            return []
        case .signal(SIGWINCH):
            size = TerminalSize.of(mode.output) ?? size
            screen.forget()
            return [.resized(size)]
        case .signal(SIGTSTP):
            await suspend()
            return []
        case .signal(SIGCONT):
            return [resume()]
        case .signal(let signal):
            return [.signal(signal)]
        case .release(let read):
            guard read == reads else { return [] }
            let held = self.keys.feed(reports.release())
            // A paste is never cut short: it waits for its end marker.
            return (held + (self.keys.isInPaste ? [] : self.keys.flush())).map(SceneEvent.key)
        case .bytes(let bytes):
            reads += 1
            var events: [SceneEvent] = []
            for piece in reports.feed(bytes) {
                switch piece {
                case .keys(let keys): events += self.keys.feed(keys).map(SceneEvent.key)
                case .focusIn: report(phases.handle(.focusIn))
                case .focusOut: report(phases.handle(.focusOut))
                case .suspend: await suspend()
                }
            }
            return events
        }
    }

    /// Reports `background`, waiting for windowd's answer if it is there (so that it has the
    /// phase before the stop), gives the terminal back and stops; SIGCONT brings it back.
    ///
    /// Only under a job-control shell, which can resume it: a window whose command was started
    /// in a terminal of its own (a launched presenter leads its session's process group) would
    /// stay stopped and blank for good, so there Ctrl-Z is ignored.
    private func suspend() async {
        guard Self.hasJobControl else { return }
        _ = phases.handle(.suspend)
        await scene.reportStopped(phases.phase)
        mode.restore()
        kill(getpid(), SIGSTOP)
    }

    /// Whether a shell's job control put this process in a group of its own, apart from its
    /// session leader's: then a stop can be undone (`fg`).
    package static var hasJobControl: Bool { getpgrp() != getsid(0) }

    /// Takes the terminal again after SIGCONT and reports `active`.
    private func resume() -> SceneEvent {
        mode.enter()
        size = TerminalSize.of(mode.output) ?? size
        screen.forget()
        // Sent even when the phase stays (a hidden place): the daemon learns it runs again.
        scene.requestPhase(phases.handle(.resume) ?? phases.phase)
        focus.set(phases.hasFocus)
        return .resized(size)
    }

    /// Tells windowd this window's `phase`, if there is one to tell, without waiting.
    private func report(_ phase: ScenePhase?) {
        focus.set(phases.hasFocus)
        if let phase { scene.requestPhase(phase) }
    }
}
