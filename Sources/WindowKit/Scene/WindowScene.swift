import WindowClient

/// This program as the presenter of one window: SwiftUI's scene, with its phase, its scene
/// storage, focus requests and dismissal.
///
/// ```swift
/// let scene = try await WindowScene.attach(group: "detail", value: 42)
/// let scroll = scene.storage("scroll", default: 0)          // like @SceneStorage("scroll") var scroll = 0
/// scroll.value += 1                                         // written through to the daemon
/// try await scene.setPhase(.inactive)                       // the terminal lost the focus
/// for await phase in scene.phases { pauseRefresh(phase != .active) }
/// for await request in scene.focusRequests { highlight() }  // already brought to front at its place
/// for await dismissal in scene.dismissals { exit(0) }       // closed, taken over, signed out
/// ```
///
/// Restarts of windowd are invisible: the scene attaches again by id (or, if the daemon lost
/// the window, by group and value), in the phase it had, and its storage is as it was.
/// ``app`` is the app seen through the same connection: its state, `openWindow`, `transition`.
public final class WindowScene: Sendable {
    let connection: DaemonConnection
    /// The app, through this scene's connection: the app state for the root view, `openWindow`,
    /// `dismissWindow`, `transition(to:)`.
    public let app: AppClient

    /// Whether this terminal's place hid it when it attached: the terminal side's phase starts
    /// from it, until the place's watcher says more.
    package let attachedHidden: Bool

    private init(connection: DaemonConnection, attachedHidden: Bool) {
        self.connection = connection
        self.attachedHidden = attachedHidden
        app = AppClient(lifetime: ConnectionLifetime(connection))
    }

    /// Presents the window of `group` for `value`, opening it if there is none.
    ///
    /// - Parameters:
    ///   - group: a window group of the daemon's config.
    ///   - value: the window's value, of the group's type (`.none` for a group without one).
    ///   - phase: the phase to start in; `active`, the program just started in front. While its
    ///     place hides the terminal (a tmux window no client shows, a kitty tab behind, …: asked
    ///     once, for at most 200 ms) it starts `background` whatever this says.
    ///   - takeover: take the window from a presenter that has it (that one is dismissed);
    ///     without it such a window is refused with reason `window_busy`.
    ///   - options: where windowd is, and how patiently to talk to it.
    public static func attach(
        group: String,
        value: WindowValue = .none,
        phase: ScenePhase = .active,
        takeover: Bool = false,
        options: ConnectionOptions = ConnectionOptions()
    ) async throws -> WindowScene {
        let params = WindowAttach.Params(
            group: group,
            value: value == .none ? nil : value.json,
            phase: phase,
            takeover: takeover ? true : nil
        )
        return try await attach(params, options: options)
    }

    /// Presents the window `id`.
    public static func attach(
        id: String,
        phase: ScenePhase = .active,
        takeover: Bool = false,
        options: ConnectionOptions = ConnectionOptions()
    ) async throws -> WindowScene {
        try await attach(WindowAttach.Params(id: id, phase: phase, takeover: takeover ? true : nil), options: options)
    }

    private static func attach(_ params: WindowAttach.Params, options: ConnectionOptions) async throws -> WindowScene {
        var params = params
        // Where this terminal is, both levels: shown with the window, and where a focus request
        // brings it to front (winctl(1), Attached terminals).
        params.place = params.place ?? OwnPlace.detect()
        // The phase is what the user sees from the start: a place that hides this terminal (a
        // tmux window no client shows) makes it `background`, not `active` until its watcher
        // says so (winctl(1), "attach"), and one its place says is without the focus `inactive`.
        let visibility: Visibility? =
            if let place = params.place { await VisibilityWatcher.current(place) } else { nil }
        let hidden = visibility == .hidden
        if hidden { params.phase = .background }
        if visibility == .unfocused, params.phase == .active { params.phase = .inactive }
        return WindowScene(
            connection: try await DaemonConnection.open(options, attach: params, subscribe: true),
            attachedHidden: hidden
        )
    }

    /// Tells windowd where this terminal is when that changed since it attached (an i3 or sway
    /// window moved to another workspace, which its visibility watch sees), by attaching again
    /// there: `winctl restore` brings it back where it was last. One request to the place.
    public func notePlace() async {
        guard let place = window.place, place.kind == .i3 || place.kind == .sway else { return }
        let now = OwnPlace.detect()
        if now != place { try? await connection.attachAgain(at: now) }
    }

    // MARK: The window

    /// The window presented, as it is now.
    public var window: WindowInfo { connection.outputs.presented.value! }

    /// The window's id (a restart that lost the window gives it a new one).
    public var id: String { window.id }

    // MARK: The phase

    /// This window's phase now (`background` once dismissed or detached).
    public var phase: ScenePhase { connection.outputs.phase.value }

    /// This window's phase now, then each change: set here or by another client.
    public var phases: AsyncStream<ScenePhase> { connection.outputs.phase.stream() }

    /// Reports this window's phase: `active` in front, `inactive` visible but not in front,
    /// `background` not visible. Returns the aggregate the daemon computed after it.
    ///
    /// While windowd is away the report waits for it (see ``requestPhase(_:stopped:)`` for a loop that
    /// must not wait); the scene re-attaches in this phase either way.
    ///
    /// `stopped`: this presenter is about to stop (Ctrl-Z), with `background`. While its process
    /// is stopped, an open of its value says `stopped` rather than bringing it to front.
    @discardableResult
    public func setPhase(_ phase: ScenePhase, stopped: Bool = false) async throws -> ScenePhase {
        connection.intendPhase(phase, of: id)
        let params = SceneSetPhase.Params(id: id, phase: phase, stopped: stopped)
        return try await connection.call(SceneSetPhase.self, params) {
            $0.note($1.window, aggregate: $1.aggregate)
        }.aggregate
    }

    /// Reports this window's phase without waiting for the answer: for a UI loop that must go
    /// on drawing while windowd is away. ``phase`` follows once the daemon has it; a refusal
    /// (a window no longer presented) changes nothing.
    public func requestPhase(_ phase: ScenePhase, stopped: Bool = false) {
        connection.intendPhase(phase, of: id)
        connection.submit(SceneSetPhase.self, SceneSetPhase.Params(id: id, phase: phase, stopped: stopped)) {
            connection,
            result in
            if case .success(let reply) = result { connection.note(reply.window, aggregate: reply.aggregate) }
        }
    }

    /// Tells windowd that this presenter is about to stop (Ctrl-Z) in `phase` (`background`):
    /// waits for the answer while windowd is there, so that it has it before the stop; else it
    /// goes when windowd is back. While this process is stopped, an open of this value says `stopped`.
    package func reportStopped(_ phase: ScenePhase) async {
        if app.connectionStatus == .connected {
            _ = try? await setPhase(phase, stopped: true)
        } else {
            requestPhase(phase, stopped: true)
        }
    }

    // MARK: Focus and dismissal

    /// Requests to bring this window to front (its value opened again, or focused by id). The
    /// scene has already brought its terminal to front at its place (a tmux pane, a kitty
    /// window, an X11 or sway window, both levels when nested) when one arrives: listen to
    /// show it, or, where ``window``'s `place` is `terminal` (no interface), to ring the bell.
    public var focusRequests: AsyncStream<FocusRequest> { connection.outputs.focusRequests.stream() }

    /// What each open of this window asked of it besides showing it (`winctl open GROUP VALUE
    /// ARG ...`'s arguments, `openWindow(group:value:request:)`'s `request`): SwiftUI's
    /// `onOpenURL`. The open that started this presenter comes first; each later one arrives
    /// with its focus request. Kept until someone listens.
    ///
    /// ```swift
    /// for await request in scene.requests { if let line = request.first.flatMap(Int.init) { scroll(to: line) } }
    /// ```
    public var requests: AsyncStream<[String]> { connection.outputs.requests.stream() }

    /// This window's dismissal, when it comes (a late listener gets it at once), then the end.
    public var dismissals: AsyncStream<Dismissal> { connection.outputs.dismissals.stream() }

    // MARK: Scene storage

    /// The scene-storage value under `key`, `defaultValue` while there is none: SwiftUI's
    /// `@SceneStorage(key) var value = defaultValue`, read and written through the daemon.
    public func storage<Value: Codable & Sendable>(_ key: String, default defaultValue: Value) -> SceneStorage<Value> {
        SceneStorage(key: key, defaultValue: defaultValue, scene: self)
    }

    /// The whole scene storage as this side knows it (the daemon's, with this side's writes on top).
    public var storageValues: [String: JSONValue] { connection.outputs.storage.all }

    // MARK: The end

    /// Stops presenting; the window stays, detached and `background`. Returns it as it is then.
    @discardableResult
    public func detach() async throws -> WindowInfo {
        try await connection.call(WindowDetach.self, NoParams()) { $0.noteDetached($1.window) }.window
    }

    /// Closes the connection; the daemon detaches the window. Every sequence ends.
    public func close() async {
        await connection.close()
    }
}
