import WindowClient

/// The app as one of its programs sees it: the app state, the aggregate scene phase and the
/// windows, as current values and as async sequences; and the actions SwiftUI puts in the
/// environment, `openWindow` and `dismissWindow`.
///
/// ```swift
/// let app = try await AppClient.connect()
/// for await state in app.states {            // the root view switches on the app state
///     switch state {
///     case .loading: showLaunch()
///     case .unauthenticated: showSignIn()
///     case .onboarding(let step): showOnboarding(step)
///     case .authenticated(let user): showMain(user)
///     case .error(let kind): showError(kind)
///     }
/// }
/// let opened = try await app.openWindow(group: "detail", value: 42)   // opened.created: new or brought to front
/// try await app.transition(to: .unauthenticated)                     // sign out
/// ```
///
/// The values stay current across daemon restarts: the client re-subscribes by itself
/// (``ConnectionStatus`` says when it is reconnecting). Close it with ``close()``, or let the
/// last reference go.
public final class AppClient: Sendable {
    let connection: DaemonConnection
    private let lifetime: ConnectionLifetime

    init(lifetime: ConnectionLifetime) {
        self.lifetime = lifetime
        connection = lifetime.connection
    }

    /// Connects to windowd and subscribes to the app's events.
    ///
    /// Throws ``WindowKitError`` with code ``WindowKitError/Code/unreachable`` if windowd
    /// cannot be reached at `options.socketPath`.
    public static func connect(_ options: ConnectionOptions = ConnectionOptions()) async throws -> AppClient {
        let connection = try await DaemonConnection.open(options, attach: nil, subscribe: true)
        return AppClient(lifetime: ConnectionLifetime(connection))
    }

    // MARK: The app state

    /// The app state now.
    public var state: AppState { connection.outputs.appState.value }

    /// The app state now, then each change.
    public var states: AsyncStream<AppState> { connection.outputs.appState.stream() }

    /// Moves the app state machine to `state` (windowd-protocol(7), app.transition); returns the state before.
    ///
    /// Throws ``WindowKitError`` with reason `invalid_transition` if the move is not allowed.
    @discardableResult
    public func transition(to state: AppState) async throws -> AppState {
        let connection = self.connection
        let result = try await connection.call(AppTransition.self, AppTransition.Params(to: state)) {
            $0.note($1.state)
        }
        return result.previous
    }

    // MARK: The aggregate scene phase

    /// The aggregate scene phase now: `active` if any window is, else `inactive` if any is,
    /// else `background` — SwiftUI's App-level `scenePhase`.
    public var scenePhase: ScenePhase { connection.outputs.aggregate.value }

    /// The aggregate scene phase now, then each change.
    public var scenePhases: AsyncStream<ScenePhase> { connection.outputs.aggregate.stream() }

    // MARK: Windows

    /// Every window now, oldest first.
    public var windows: [WindowInfo] { connection.outputs.windows.value }

    /// Every window now, then again after each change.
    public var windowUpdates: AsyncStream<[WindowInfo]> { connection.outputs.windows.stream() }

    /// Opens the window of `group` for `value`, or brings the one that shows it to front
    /// (windowd-protocol(7), window.open): like SwiftUI's `openWindow(id:value:)`. A string
    /// `value` of a group of value type `path` is a file, made absolute and normal against this
    /// process's working directory, as ``WindowValue/path(_:relativeTo:)`` makes it.
    ///
    /// A window that needs a presenter (new, or one whose presenter is gone) is shown: the
    /// group's `command` is started in a new terminal window here, at this program's place (a
    /// tmux window of its session, a kitty window, a terminal emulator window, …), with this
    /// client's socket and app and the window's id in its environment (`WINDOWD_SOCKET`,
    /// `WINDOWD_APP`, `WINDOWD_WINDOW_ID`), whatever that place's own environment is. A window
    /// whose presenter was started and has not attached yet is waited for: nothing is started
    /// again, and the outcome is `launching`. Throws
    /// ``WindowKitError`` with reason `unknown_group`, `invalid_value` or `unauthenticated` (a
    /// group that needs a signed-in user).
    ///
    /// `request` is what the open asks besides (a program's arguments, as `+120`): the window's
    /// presenter receives it in ``WindowScene/requests``; what cannot reach it is
    /// ``OpenedWindow/notPassedOn``.
    @discardableResult
    public func openWindow(
        group: String,
        value: WindowValue = .none,
        request: [String] = []
    ) async throws
        -> OpenedWindow
    {
        let here = OwnPlace.detect(outer: false)
        let params = WindowOpen.Params(
            group: group,
            value: value == .none ? nil : value.json,
            path: value.openerPath,
            place: here,
            outcomes: OpenOutcome.added,
            request: request.isEmpty ? nil : request
        )
        return await start(try await connection.call(WindowOpen.self, params) { $0.note($1.window) }, at: here)
    }

    /// Brings back the windows whose presenter is gone, as `winctl restore` does after the
    /// user's restart (windowd-protocol(7), window.restore; winctl(1), restore): every detached
    /// window of a group that starts its presenters and is restored (the manifest's `restore`),
    /// of `groups` (every group when empty), with `atLogin` only those of groups with
    /// `relaunch = "at-login"`. Each comes back as the same window: its group's `command` is
    /// started at its last place where that exists or can be made again, else here, as
    /// ``openWindow(group:value:request:)`` starts it. One result a window, the least recently
    /// active first: `relaunched` (``OpenedWindow/launchFailure`` says if it could not start),
    /// else why nothing was started (`launching`, `stopped`, `reattaching`; `detached` with
    /// `dryRun`, which starts nothing). Throws ``WindowKitError`` with reason `unknown_group`.
    @discardableResult
    public func restoreWindows(
        groups: [String] = [],
        dryRun: Bool = false,
        atLogin: Bool = false
    ) async throws
        -> [OpenedWindow]
    {
        let params = WindowRestore.Params(groups: groups, atLogin: atLogin, dryRun: dryRun)
        let here = OwnPlace.detect(outer: false)
        var restored: [OpenedWindow] = []
        for result in try await connection.call(WindowRestore.self, params).windows {
            restored.append(await start(result, at: here, last: result.window.lastPlace))
        }
        return restored
    }

    /// What an open or a restore did, with its `command` started at `last` (else `here`); the
    /// daemon, which waits for the presenter it gave the command for, is told when none comes.
    private func start(_ result: WindowOpen.Result, at here: Place, last: Place? = nil) async -> OpenedWindow {
        var opened = OpenedWindow(window: result.window, outcome: result.outcome)
        opened.notPassedOn = result.notPassedOn ?? []
        guard let command = result.command else { return opened }
        let title = [result.window.group, result.window.value.word].compactMap { $0 }.joined(separator: " ")
        let variables = LaunchVariables.opener(
            socket: connection.options.socketPath,
            app: connection.options.app?.rawValue,
            windowID: result.window.id
        )
        let failure = await PlaceFront.launch(command, title: title, at: here, last: last, variables: variables)
        opened.launchFailure = failure
        if let failure {
            let ended = WindowLaunchEnded.Params(id: result.window.id, reason: "could not start: " + failure)
            _ = try? await connection.call(WindowLaunchEnded.self, ended)
        }
        return opened
    }

    /// Closes the window `id` (windowd-protocol(7) `window.close`): its presenter is dismissed and
    /// its scene storage destroyed. Like SwiftUI's `dismissWindow`. Returns the window as it was.
    @discardableResult
    public func dismissWindow(id: String) async throws -> WindowInfo {
        let connection = self.connection
        return try await connection.call(WindowClose.self, WindowClose.Params(id: id)) { $0.noteClosed($1.window) }
            .window
    }

    /// Brings the window `id` to front: its presenter gets a focus request.
    @discardableResult
    public func focusWindow(id: String) async throws -> WindowInfo {
        let connection = self.connection
        return try await connection.call(WindowFocus.self, WindowIDParams(id: id)) { $0.note($1.window) }.window
    }

    /// Sets the phase of the window `id`, which must have a presenter (a window-manager
    /// integration); returns the aggregate after it.
    @discardableResult
    public func setPhase(_ phase: ScenePhase, ofWindow id: String) async throws -> ScenePhase {
        let connection = self.connection
        let result = try await connection.call(SceneSetPhase.self, SceneSetPhase.Params(id: id, phase: phase)) {
            $0.note($1.window, aggregate: $1.aggregate)
        }
        return result.aggregate
    }

    /// The windows as the daemon lists them now, optionally of one group.
    public func listWindows(group: String? = nil) async throws -> [WindowInfo] {
        try await connection.call(WindowList.self, WindowList.Params(group: group)).windows
    }

    /// The group `id` as the daemon applies it now; `nil` if it has none of that id.
    package func group(_ id: String) async throws -> DaemonGroups.Group? {
        try await connection.call(DaemonGroups.self, NoParams()).groups.first { $0.id == id }
    }

    /// What the daemon holds and serves.
    public func status() async throws -> DaemonStatus.Result {
        try await connection.call(DaemonStatus.self, NoParams())
    }

    // MARK: Events and the connection

    /// Every event from now on, typed. Cancel the iterating task to stop.
    public var events: AsyncStream<AppEvent> { connection.outputs.events.stream() }

    /// Every event from now on as it came off the wire (its name, `seq` and params), for
    /// tools that print events as they are, such as `winctl attach --json`.
    public var eventMessages: AsyncStream<EventMessage> { connection.outputs.messages.stream() }

    /// How the client is connected now.
    public var connectionStatus: ConnectionStatus { connection.outputs.status.value }

    /// How the client is connected now, then each change.
    public var connectionStatuses: AsyncStream<ConnectionStatus> { connection.outputs.status.stream() }

    /// Closes the connection: waiting calls fail with ``WindowKitError/Code/closed``, every
    /// sequence ends. Shared with the ``WindowScene`` this client came from, if any.
    public func close() async {
        await connection.close()
    }
}
