import Glibc
import POSIXSupport
import WinctlOutput
import WindowClient
import WindowKit

/// `winctl run`: a program as the presenter of a window (winctl(1), "run").
///
/// ```swift
/// let presenter = RunPresenter(scene: scene, program: program, terminal: terminal, keep: false)
/// let exit = await presenter.run(signals: signals)
/// ```
///
/// The program runs on a pseudo-terminal of its own (``RunProgram``); a ``PseudoTerminalRelay``
/// moves the bytes both ways on threads of its own and hands over the terminal's focus reports.
/// This loop takes them, the program's stops (SIGCHLD), the signals and the scene's requests,
/// and decides: the window's phase through WindowKit's ``TerminalPhaseMachine`` (the one
/// `winctl attach` uses), a stop of run itself when the program stops (so the shell's job
/// control works), a hang-up when the window is dismissed, and what becomes of the window when
/// the program ends.
final class RunPresenter {
    /// How long a dismissed program has after SIGHUP before SIGKILL.
    static let hangUpGrace: Duration = .seconds(5)

    private let scene: WindowScene
    private let program: RunProgram
    /// Whether the window stays when the program ends; no longer once a close asked it to quit.
    private var keep: Bool
    private let mode: TerminalMode
    private let relay: PseudoTerminalRelay?
    private var phases: TerminalPhaseMachine
    /// Whether the terminal has the focus, for the place's watcher (kitty asks only while not).
    private let focus = FocusHint(focused: true)
    /// Set once the window was dismissed: the program is being hung up.
    private var dismissed = false
    /// Set once the daemon, back after a restart or crash, would not take run back (another
    /// presenter has the window, or it is gone): nobody closed it, so the program goes on
    /// without it.
    private var windowLost = false

    /// What the loop reacts to.
    private enum Input: Sendable {
        case terminal(PseudoTerminalRelay.Event)
        case signal(Int32)
        case focus(FocusRequest)
        case request([String])
        case dismissed(Dismissal)
        case visibility(TerminalPhaseMachine.Signal)
        case hangUpGraceOver
    }

    /// The presenter of `scene`'s window running `program`, on `terminal` (taken raw already,
    /// ``RunProgram/takeTerminal()``; `nil` when the program runs on run's own streams).
    init(scene: WindowScene, program: RunProgram, terminal: TerminalMode?, keep: Bool) {
        self.scene = scene
        self.program = program
        self.keep = keep
        mode = terminal ?? TerminalMode(relayingInput: 0, output: 1)
        relay = program.terminal.flatMap { PseudoTerminalRelay(master: $0.master) }
        phases = TerminalPhaseMachine(phase: scene.phase, shown: !scene.attachedHidden)
    }

    /// Runs the program to its end. Whether the terminal can be seen comes from its place's own
    /// interface (``VisibilityWatcher``, as for `winctl attach`), taken as the phase machine's
    /// signals.
    ///
    /// - Parameter signals: caught before the program started, so that no SIGCHLD is missed.
    func run(signals: SignalPipe) async -> PresenterExit {
        if let place = scene.window.place { OwnPlace.reportFocus(at: place) }
        if relay != nil { mode.enter() }
        let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
        let (focusRequests, dismissals, requests) = (scene.focusRequests, scene.dismissals, scene.requests)
        let terminalEvents = relay?.start()
        var ending: ProcessTermination?
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await signals.forEachSignal { continuation.yield(.signal($0)) } }
            if let terminalEvents {
                group.addTask { for await event in terminalEvents { continuation.yield(.terminal(event)) } }
            }
            group.addTask { for await request in focusRequests { continuation.yield(.focus(request)) } }
            group.addTask { for await dismissal in dismissals { continuation.yield(.dismissed(dismissal)) } }
            group.addTask { for await request in requests { continuation.yield(.request(request)) } }
            if relay != nil, let place = scene.window.place {
                let focus = self.focus
                group.addTask {
                    await VisibilityWatcher.watch(place, focus: focus) {
                        continuation.yield(.visibility(TerminalPhaseMachine.Signal($0)))
                    }
                }
            }
            // A SIGCHLD that came before the handler's pipe was read is not lost: look once now.
            continuation.yield(.signal(SIGCHLD))
            for await input in inputs {
                if case .dismissed(let dismissal) = input, !dismissed, Self.hangsUp(dismissal) {
                    group.addTask {
                        try? await Task.sleep(for: Self.hangUpGrace)
                        continuation.yield(.hangUpGraceOver)
                    }
                }
                if let end = await handle(input) {
                    ending = end
                    break
                }
            }
            group.cancelAll()
        }
        return await finish(ending ?? .signaled(SIGHUP))
    }

    private func handle(_ input: Input) async -> ProcessTermination? {
        switch input {
        case .terminal(.focusIn):
            report(phases.handle(.focusIn))
        case .terminal(.focusOut):
            report(phases.handle(.focusOut))
        case .terminal(.inputEnded), .signal(SIGHUP):
            // The terminal hung up (closed, its server gone): so does the program's, and the
            // window stays for winctl restore, as with --keep.
            keep = true
            program.signal(SIGHUP)
        case .visibility(let signal):
            report(phases.handle(signal))
            await scene.notePlace()
        case .signal(SIGCHLD):
            while let change = program.child.pollChange() {
                switch change {
                case .stopped: await programStopped()
                case .continued: break
                case .ended(let termination): return termination
                }
            }
        case .signal(SIGCONT):
            resume()
        case .signal(SIGWINCH):
            program.terminal?.copySize(from: 0)
        case .signal(SIGTSTP):
            // Asked to stop from outside (kill -TSTP): the program stops, then run with it.
            program.signal(SIGTSTP)
        case .signal(let signal):
            program.signal(signal)
        case .focus(let request):
            // WindowKit has brought the place to front; a terminal with no interface can only ask.
            if !(request.window.place.map(OwnPlace.canBringToFront) ?? false) {
                BringToFront.terminal.perform(for: request.window, on: mode)
            }
        case .request(let request):
            // Typed as the group's `requests` says now (windowd.toml(5)); its opener named the rest.
            let table = try? await scene.app.group(scene.window.group)?.requests
            relay?.toProgram(RequestKeys.apply(request, table ?? [:]).keys)
        case .dismissed(let dismissal) where dismissal.reason == .quit:
            // `winctl close` asks first (windowd.toml(5), quit_keys): the keys, then the window
            // closes when the program ends; one that stays keeps its window and its work.
            keep = false
            let keys = try? await scene.app.group(scene.window.group)?.quit?.keys
            relay?.toProgram(keys.flatMap { RequestKeys.keys($0) } ?? [])
        case .dismissed(let dismissal) where !Self.hangsUp(dismissal):
            windowLost = true
        case .dismissed:
            // Closed, taken over or signed out: the program's terminal hangs up, as when its
            // window is closed; SIGKILL if it is still there after the grace (the loop's timer).
            guard !dismissed else { return nil }
            dismissed = true
            program.signal(SIGHUP)
            program.signal(SIGCONT)
        case .hangUpGraceOver:
            program.signal(SIGKILL)
        }
        return nil
    }

    /// The program stopped (Ctrl-Z): the window is `background`, and run stops too, with the
    /// terminal given back, so that the shell's job control goes on as without run. Without job
    /// control (a terminal started for this window alone) nothing could continue it: it goes on.
    private func programStopped() async {
        guard !dismissed, SceneTerminal.hasJobControl, program.terminal != nil else {
            program.signal(SIGCONT)
            return
        }
        _ = phases.handle(.suspend)
        if !windowLost { await scene.reportStopped(phases.phase) }
        relay?.drain()
        mode.restore()
        kill(getpid(), SIGSTOP)
    }

    /// SIGCONT (`fg`): the terminal again, its size, the program continued, the window `active`.
    private func resume() {
        guard phases.isSuspended else { return }
        if relay != nil { mode.enter() }
        program.terminal?.copySize(from: 0)
        program.signal(SIGCONT)
        // Sent even when the phase stays (a hidden place): the daemon learns it runs again.
        let phase = phases.handle(.resume) ?? phases.phase
        if !windowLost { scene.requestPhase(phase) }
    }

    private func report(_ phase: ScenePhase?) {
        focus.set(phases.hasFocus)
        if let phase, !windowLost { scene.requestPhase(phase) }
    }

    /// Whether `dismissal` ends the program: a `window.dismiss` (closed, taken over, signed out),
    /// and a sign-out found on the daemon's return; not a return the daemon refused otherwise (a
    /// restart or crash leaves the program alone).
    private static func hangsUp(_ dismissal: Dismissal) -> Bool {
        dismissal.reason != .quit && (!dismissal.refusedReturn || dismissal.reason == .signedOut)
    }

    /// Runs `body` while the daemon is there: given up (cancelled, its calls abandoned) as soon as
    /// the connection is not `connected`, before or while it waits, for run never waits for
    /// windowd at its exit. A call made as the daemon goes would otherwise wait for its return.
    private static func unlessDaemonAway(
        _ scene: WindowScene,
        _ body: @escaping @Sendable () async throws -> Void
    ) async throws {
        let statuses = scene.app.connectionStatuses
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await body() }
            group.addTask {
                for await status in statuses where status != .connected { break }
                throw CancellationError()
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// The program ended: its last output, the terminal back, the window closed (kept with
    /// `--keep`; already gone if dismissed), and its status as run's. A program hung up here
    /// had no say in how it left the terminal, which stays: the modes it left on (the
    /// alternate screen, mouse reports, a hidden cursor, …) are turned off.
    private func finish(_ termination: ProcessTermination) async -> PresenterExit {
        relay?.finish(turningModesOff: dismissed)
        mode.restore()
        if !dismissed, !windowLost {
            let (scene, keep) = (scene, keep)
            do {
                // Detached first, which the daemon refuses unless run still presents the window:
                // run never closes a window that the daemon, back from a restart, gave to
                // another presenter (its refusal of run's return not yet taken by the loop).
                try await Self.unlessDaemonAway(scene) {
                    try await scene.detach()
                    if !keep { _ = try? await scene.app.dismissWindow(id: scene.id) }
                }
            } catch let error as WindowKitError where error.rpcError?.code == RPCError.Code.invalidParams {
                windowLost = true  // "This connection presents no window."
            } catch {}
        }
        if windowLost {
            Console.error(
                "window \(scene.id) had another presenter (or was gone) when windowd came back; the program went on without it"
            )
        }
        await scene.close()
        // A dismissed window's program was hung up, whatever it made of that.
        return .status(dismissed ? 128 + SIGHUP : termination.shellStatus)
    }
}
