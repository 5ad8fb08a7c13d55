/// What a connection publishes, readable from any task: current values and event streams.
///
/// ```swift
/// outputs.appState.value                 // now
/// for await state in outputs.appState.stream() { … }
/// ```
///
/// The connection's event loop writes them; apps read them through ``AppClient`` and
/// ``WindowScene``.
final class ConnectionOutputs: Sendable {
    /// How the connection is.
    let status = CurrentValue(ConnectionStatus.connected)
    /// The app state.
    let appState = CurrentValue(AppState.loading)
    /// The aggregate phase.
    let aggregate = CurrentValue(ScenePhase.background)
    /// Every window, oldest first.
    let windows = CurrentValue([WindowInfo]())
    /// The window this connection presents, `nil` when none (never attached, detached, dismissed).
    let presented = CurrentValue(WindowInfo?.none)
    /// The presented window's own phase.
    let phase = CurrentValue(ScenePhase.background)
    /// The presented window's scene storage.
    let storage = StorageCache()
    /// Every event, typed; those sent before anyone listens are kept for the first listener.
    let events = Broadcast<AppEvent>(keepsUntilListened: true)
    /// Every event as it came: name, `seq` and params; kept like ``events``.
    let messages = Broadcast<EventMessage>(keepsUntilListened: true)
    /// Requests to bring the presented window to front; kept until someone listens.
    let focusRequests = Broadcast<FocusRequest>(keepsUntilListened: true)
    /// What opens of the presented window asked of it; kept until someone listens.
    let requests = Broadcast<[String]>(keepsUntilListened: true)
    /// The presented window's dismissal: at most one, given to late listeners too.
    let dismissals = Broadcast<Dismissal>(replaysLast: true)

    /// Ends every stream: the connection is closed.
    func finish() {
        status.finish()
        appState.finish()
        aggregate.finish()
        windows.finish()
        presented.finish()
        phase.finish()
        events.finish()
        messages.finish()
        focusRequests.finish()
        requests.finish()
        dismissals.finish()
    }
}
