import Glibc
import POSIXSupport
public import WindowClient
public import WindowProtocol

/// Whether the user can see a terminal, learned from its place's own interface as it changes
/// (windowd-protocol(7), "Scene phase"): tmux's hooks and formats, i3's and sway's IPC events,
/// kitty's remote control, GNU screen's `-Q windows`, the X server's events of a bare X11
/// terminal's window. A nested place is shown while every level of it is.
///
/// ```swift
/// group.addTask {
///     await VisibilityWatcher.watch(place) { visibility in
///         if let phase = machine.handle(TerminalPhaseMachine.Signal(visibility)) { … }
///     }
/// }
/// ```
///
/// Places that say nothing of what they show (a bare terminal, X11 over TCP, WezTerm, zellij,
/// Hyprland, niri) report nothing: their terminal counts as shown.
public enum VisibilityWatcher {
    /// Calls `report` with whether `place` is shown, once known and then on every change, until
    /// the task is cancelled; returns at once for a place with nothing to watch.
    ///
    /// - Parameters:
    ///   - place: where the terminal is, as the presenter learned it.
    ///   - focus: the terminal's focus as its focus reports say; a place that must be asked
    ///     (kitty) is then asked only while the terminal does not have the focus.
    ///   - report: called with each change of what the user can see.
    public static func watch(
        _ place: Place,
        focus: FocusHint? = nil,
        _ report: @escaping @Sendable (Visibility) async -> Void
    ) async {
        let levels = place.levels.filter(isWatched)
        guard !levels.isEmpty else { return }
        let (changes, continuation) = AsyncStream.makeStream(of: (level: Int, visibility: Visibility).self)
        await withTaskGroup(of: Void.self) { group in
            for (index, level) in levels.enumerated() {
                group.addTask { await watchLevel(level, focus: focus) { continuation.yield((index, $0)) } }
            }
            var known: [Int: Visibility] = [:]
            var last: Visibility?
            for await change in changes {
                known[change.level] = change.visibility
                let now = Visibility.combined(known.values)
                // An i3 or sway level also reports its window's move to another workspace.
                if now != last || [.i3, .sway].contains(levels[change.level].kind) {
                    last = now
                    await report(now)
                }
            }
            group.cancelAll()
        }
    }

    /// How long a presenter waits, before it attaches, for its place to say whether it shows the
    /// terminal: many times the one tmux client that asks it (12-17 ms on a loaded machine, traced),
    /// short enough not to be noticed when a place says nothing.
    static let firstReportTimeout: Duration = .milliseconds(200)

    /// Whether `place` shows the terminal now, as a watch would first report it: `hidden` as soon
    /// as one watched level says so, `shown` once every one has; `nil` for a place with nothing to
    /// watch, or when a level says nothing within `timeout`.
    ///
    /// Asked once before a presenter attaches, so that a terminal nobody sees starts
    /// `background` rather than `active` for the moment its watch takes (winctl(1), "attach").
    /// Every request to the place (a tmux client, an i3, sway, kitty or X11 socket) gets what is
    /// left of `timeout` as its own: one that does not answer is given up with the rest.
    static func current(_ place: Place, within timeout: Duration = firstReportTimeout) async -> Visibility? {
        let levels = place.levels.filter(isWatched)
        guard !levels.isEmpty else { return nil }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        return await withTaskGroup(of: Visibility?.self) { group in
            defer { group.cancelAll() }
            for level in levels {
                group.addTask { await firstReport(of: level, by: deadline) }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            var answers: [Visibility] = []
            for await answer in group {
                guard let answer, answer != .hidden else { return answer }
                answers.append(answer)
                if answers.count == levels.count { return Visibility.combined(answers) }
            }
            return nil
        }
    }

    /// The first report of a watch of one level, its socket requests given up at `deadline`;
    /// `nil` if it ends without one.
    private static func firstReport(of level: Place, by deadline: ContinuousClock.Instant) async -> Visibility? {
        let (reports, continuation) = AsyncStream.makeStream(of: Visibility.self)
        return await withTaskGroup(of: Void.self) { group in
            defer { group.cancelAll() }
            group.addTask {
                await watchLevel(level, focus: nil, firstBy: deadline) { continuation.yield($0) }
                continuation.finish()
            }
            for await report in reports { return report }
            return nil
        }
    }

    /// Whether a place of this kind says what it shows.
    static func isWatched(_ place: Place) -> Bool {
        switch place.kind {
        case .tmux: place.socket != nil && place.pane != nil
        case .i3, .sway: place.socket != nil
        case .kitty: place.listenOn != nil && place.windowID != nil
        case .screen: place.session != nil && place.window != nil
        case .x11: place.window.flatMap { UInt32($0) } != nil && place.display.flatMap(X11Visibility.socketPath) != nil
        default: false
        }
    }

    /// Watches one level; with `deadline`, for its first report alone: a tmux watch then asks it
    /// without hooks (the query alone: one tmux client, none of the user's hooks touched), and
    /// no socket request waits past `deadline`.
    private static func watchLevel(
        _ place: Place,
        focus: FocusHint?,
        firstBy deadline: ContinuousClock.Instant? = nil,
        _ report: (Visibility) async -> Void
    ) async {
        switch place.kind {
        case .tmux: await watchTmux(socket: place.socket!, pane: place.pane!, hooked: deadline == nil, report)
        case .i3, .sway: await watchWindowManager(place, until: deadline, report)
        case .kitty:
            await watchKitty(
                listenOn: place.listenOn!,
                windowID: place.windowID!,
                focus: focus,
                until: deadline,
                report
            )
        case .screen: await watchScreen(session: place.session!, window: place.window!, report)
        case .x11: await watchX11(window: UInt32(place.window!)!, display: place.display!, until: deadline, report)
        default: return
        }
    }

    /// tmux: hooks that signal a channel of this watcher's, and one tmux client after another
    /// that prints the pane's visibility and then waits on that channel. The hooks go when the
    /// watch ends; those a killed watcher left are removed by the next one.
    /// Without `hooked`, nothing signals the channel: the first answer alone, for a watch that
    /// ends after it.
    private static func watchTmux(
        socket: String,
        pane: String,
        hooked: Bool = true,
        _ report: (Visibility) async -> Void
    ) async {
        let channel = TmuxVisibility.channel(pid: getpid(), pane: pane)
        if hooked {
            removeHooks(socket: socket) {
                TmuxVisibility.process(ofChannel: $0).map { kill($0, 0) != 0 && errno == ESRCH } ?? false
            }
            guard ProcessRunner.run(TmuxVisibility.install(socket: socket, channel: channel, pane: pane)) else {
                return
            }
        }
        defer { if hooked { removeHooks(socket: socket) { $0 == channel } } }
        var last: Visibility?
        while !Task.isCancelled {
            let ended = await run(TmuxVisibility.queryThenWait(socket: socket, pane: pane, channel: channel)) {
                output in
                guard output.last == UInt8(ascii: "\n"),
                    let now = TmuxVisibility.visibility(fromQuery: String(decoding: output, as: UTF8.self)), now != last
                else { return }
                last = now
                await report(now)
            }
            guard ended else { return }
        }
    }

    private static func removeHooks(socket: String, where removing: (String) -> Bool) {
        guard let hooks = ProcessRunner.output(TmuxVisibility.listHooks(socket: socket)),
            let arguments = TmuxVisibility.uninstall(socket: socket, hooks: hooks, removing: removing)
        else { return }
        ProcessRunner.run(arguments)
    }

    /// Runs `arguments` until it ends, handing `output` all it printed so far after each read,
    /// without a thread waiting; whether it succeeded. Cancelled, it kills the program and says
    /// `false`.
    private static func run(_ arguments: [String], output: ([UInt8]) async -> Void) async -> Bool {
        guard let ends = try? PipeEnds() else { return false }
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments, stdout: .descriptor(ends.write))
        } catch {
            close(ends.read)
            close(ends.write)
            return false
        }
        close(ends.write)
        var printed: [UInt8] = []
        await readEvents(
            ends.read,
            whole: {
                printed = $0
                return true
            },
            then: { await output(printed) }
        )
        guard !Task.isCancelled else { return false }
        return child.wait() == .exited(0)
    }

    /// i3 and sway: a subscription to the events that move windows and workspaces, and after
    /// each batch of them the tree and the workspaces. A move to another workspace is reported
    /// even when the window is as visible as before (moved and shown in one command), so that
    /// the presenter notes its new place.
    private static func watchWindowManager(
        _ place: Place,
        until deadline: ContinuousClock.Instant?,
        _ report: (Visibility) async -> Void
    ) async {
        guard let socket = place.socket,
            let subscription = WindowManagerVisibility.subscriptions.lazy.compactMap({
                try? I3IPC.subscribe(to: $0, socket: socket, timeout: requestTimeout, until: deadline)
            }).first
        else { return }
        var last: (visibility: Visibility, workspace: String?)?
        func check() async {
            guard
                let tree = try? JSONParser.parse(
                    I3IPC.request(
                        type: I3MessageType.getTree,
                        payload: "",
                        socket: socket,
                        timeout: requestTimeout,
                        until: deadline
                    )
                ),
                let workspaces = try? JSONParser.parse(
                    I3IPC.request(
                        type: I3MessageType.getWorkspaces,
                        payload: "",
                        socket: socket,
                        timeout: requestTimeout,
                        until: deadline
                    )
                ),
                let now = WindowManagerVisibility.visibility(of: place, tree: tree, workspaces: workspaces)
            else { return }
            let workspace = WindowManagerVisibility.workspace(of: place, in: tree)
            guard now != last?.visibility || workspace != last?.workspace else { return }
            last = (now, workspace)
            await report(now)
        }
        await check()
        await readEvents(
            subscription,
            whole: { I3Message.messages(in: &$0).contains { I3Message.isEvent($0.type) } },
            then: check
        )
    }

    /// kitty: `ls` every ``KittyVisibility/interval``, as its remote control has no events; but
    /// while the terminal has the focus and was last seen shown, nothing until the focus goes
    /// (kitty reports a focus out when its tab goes to the back, and a focused window is shown).
    private static func watchKitty(
        listenOn: String,
        windowID: String,
        focus: FocusHint?,
        until deadline: ContinuousClock.Instant?,
        _ report: (Visibility) async -> Void
    ) async {
        var last: Visibility?
        while !Task.isCancelled {
            if let focus, last == .shown, focus.isFocused {
                await focus.waitForChange(from: true)
                continue
            }
            if let data = try? KittyRemoteControl.send(
                KittyVisibility.list,
                to: listenOn,
                timeout: requestTimeout,
                until: deadline
            ),
                let seen = KittyVisibility.visibility(ofWindow: windowID, in: data)
            {
                // kitty's word on the focus counts once, for the time before the terminal's own reports.
                let now = last != nil && seen == .unfocused ? .shown : seen
                if now != last {
                    last = now
                    await report(now)
                }
            }
            try? await Task.sleep(for: KittyVisibility.interval)
        }
    }

    /// GNU screen: `-Q windows` every ``ScreenVisibility/interval``, as screen has no events;
    /// each query ended with the watch (a `screen` that hangs is killed, as a tmux client is).
    private static func watchScreen(session: String, window: String, _ report: (Visibility) async -> Void) async {
        var last: Visibility?
        repeat {
            var printed: [UInt8] = []
            if await run(ScreenVisibility.query(session: session), output: { printed = $0 }),
                let now = ScreenVisibility.visibility(
                    ofWindow: window,
                    inWindows: String(decoding: printed, as: UTF8.self)
                ),
                now != last
            {
                last = now
                await report(now)
            }
        } while (try? await Task.sleep(for: ScreenVisibility.interval)) != nil
    }

    /// Bare X11: the X server's events of the terminal's top-level window (map, unmap, a
    /// property's change) on a connection of their own, and after each batch of them its state,
    /// asked on another connection.
    private static func watchX11(
        window: UInt32,
        display: String,
        until deadline: ContinuousClock.Instant?,
        _ report: (Visibility) async -> Void
    ) async {
        guard let client = try? X11Client(display: display, timeout: requestTimeout, until: deadline),
            let topLevel = try? client.topLevel(of: window),
            let subscription = try? X11Client.subscribe(
                to: topLevel,
                display: display,
                timeout: requestTimeout,
                until: deadline
            )
        else { return }
        var last: Visibility?
        func check() async {
            guard let now = try? client.visibility(of: topLevel), now != last else { return }
            last = now
            await report(now)
        }
        await check()
        await readEvents(subscription, whole: { !X11Message.messages(in: &$0).isEmpty }, then: check)
    }

    /// Reads the event stream `subscription` (an i3/sway IPC subscription, an X connection, a
    /// program's output) until it ends or the watch is cancelled, without a thread waiting; after each read,
    /// `whole` takes the whole messages out of what came so far and says whether any is an event,
    /// and then `check` asks the place again.
    private static func readEvents(
        _ subscription: Int32,
        whole: (inout [UInt8]) -> Bool,
        then check: () async -> Void
    ) async {
        let (chunks, continuation) = AsyncStream.makeStream(of: [UInt8].self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await DescriptorReader.read(subscription) { continuation.yield($0) }
                continuation.finish()
            }
            var buffer: [UInt8] = []
            for await chunk in chunks {
                buffer += chunk
                if whole(&buffer) { await check() }
            }
            group.cancelAll()
        }
    }

    /// How long a place's program may take to answer one request.
    private static let requestTimeout: Duration = .seconds(1)
}

extension TerminalPhaseMachine.Signal {
    /// The signal that says a place shows or hides the terminal.
    public init(_ visibility: Visibility) {
        self =
            switch visibility {
            case .shown: .shown
            case .hidden: .hidden
            case .unfocused: .unfocused
            }
    }
}
