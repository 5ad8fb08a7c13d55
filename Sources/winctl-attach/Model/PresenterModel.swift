import WindowKit
import WindowProtocol

/// Everything the terminal view shows: the app state, this window, the others, and the link.
///
/// A value that the presenter updates from replies and events; ``RootView`` turns it into a
/// ``Frame``. Nothing here does I/O.
struct PresenterModel: Hashable, Sendable {
    /// The window presented here.
    var window: WindowInfo
    /// The app state.
    var state: AppState
    /// The aggregate phase of all windows.
    var aggregate: ScenePhase
    /// Every window of the app the presenter knows of, this one included, by id.
    var windows: [String: WindowInfo]
    /// This window's scene storage.
    var storage: [String: JSONValue]
    /// The selected panel of the main view.
    var panel: Panel
    /// How the presenter is connected.
    var link: LinkStatus
    /// Whether the window was just brought to front and shows it.
    var highlighted: Bool
    /// The daemon's socket, named while reconnecting.
    var socketPath: String

    /// The model right after attaching with `result` to the daemon at `socketPath`.
    init(attached result: WindowAttach.Result, socketPath: String) {
        window = result.window
        state = result.state
        aggregate = result.phase
        windows = [result.window.id: result.window]
        storage = result.storage
        panel = Panel(storage: result.storage) ?? .windows
        link = .connected
        highlighted = false
        self.socketPath = socketPath
    }

    /// Takes the reply of a (re-)attach: the window, its storage and the panel it keeps there,
    /// the app state and the aggregate. A panel the storage does not name stays as it was.
    mutating func adopt(_ result: WindowAttach.Result) {
        if result.window.id != window.id { windows[window.id] = nil }
        window = result.window
        state = result.state
        aggregate = result.phase
        windows[window.id] = window
        adopt(storage: result.storage)
        link = .connected
    }

    /// Takes the snapshot of a subscription: the app state, the aggregate and every window.
    mutating func adopt(_ snapshot: EventsSubscribe.Snapshot) {
        state = snapshot.state
        aggregate = snapshot.phase
        windows = Dictionary(snapshot.windows.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        if let own = windows[window.id] { window = own } else { windows[window.id] = window }
    }

    /// Takes this window's scene storage after a storage call.
    mutating func adopt(storage: [String: JSONValue]) {
        self.storage = storage
        if let stored = Panel(storage: storage) { panel = stored }
    }

    /// A window was opened or changed (its phase, its presenter).
    mutating func update(_ info: WindowInfo) {
        windows[info.id] = info
        if info.id == window.id { window = info }
    }

    /// A window was closed.
    mutating func remove(_ info: WindowInfo) {
        guard info.id != window.id else { return update(info) }
        windows[info.id] = nil
    }

    /// The other windows of the app, by group, then value, then id.
    var otherWindows: [WindowInfo] {
        windows.values.filter { $0.id != window.id }.sorted { a, b in
            (a.group, WindowLabel.value(a.value) ?? "", a.id) < (b.group, WindowLabel.value(b.value) ?? "", b.id)
        }
    }
}
