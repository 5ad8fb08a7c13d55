import WindowClient
import WindowProtocol

/// The terminal presenter's connection to windowd, and how it attaches again after losing it.
///
/// It re-attaches by the window's id; a daemon that no longer knows that id (it restarted
/// without the window's state) gets the window's group and value instead, which opens or
/// reuses the window for that value.
final class PresenterLink {
    /// The daemon's socket.
    let path: String
    /// How long a connect or a call may wait for the daemon (`--timeout`); events wait without it.
    let timeout: Duration?
    /// The connection, `nil` while the daemon is gone.
    private(set) var connection: WindowConnection?
    /// The presented window's id; it changes if a re-attach had to fall back to group and value.
    private(set) var windowID: String
    private let group: String
    private let value: JSONValue
    /// The last event number before the current subscription: older events are in its snapshot.
    private(set) var subscribedAfter: UInt64 = 0

    /// The event names subscribed to; a presenter gets focus, dismiss, phase and state without asking.
    static let subscribedEvents: [EventName] = [.windowOpened, .windowClosed, .windowPhase]

    /// A link over `connection` to the daemon at `path`, attached to `window`.
    init(path: String, timeout: Duration?, connection: WindowConnection, window: WindowInfo) {
        self.path = path
        self.timeout = timeout
        self.connection = connection
        windowID = window.id
        group = window.group
        value = window.value
    }

    /// Subscribes to the other windows' events; returns the snapshot they start from.
    func subscribe() throws(ClientError) -> EventsSubscribe.Snapshot {
        let result = try call(EventsSubscribe.self, EventsSubscribe.Params(types: PresenterLink.subscribedEvents.map(\.rawValue)))
        subscribedAfter = result.seq
        return result.snapshot
    }

    /// Connects anew if there is no connection, attaches to the window in `phase` and subscribes.
    func reattach(phase: ScenePhase) throws(ClientError) -> (WindowAttach.Result, EventsSubscribe.Snapshot) {
        if connection == nil {
            connection = try WindowConnection(path: path, timeout: timeout)
            subscribedAfter = 0
        }
        let result: WindowAttach.Result
        do {
            result = try call(WindowAttach.self, WindowAttach.Params(id: windowID, phase: phase))
        } catch .refused(let error) where error.reason == .unknownWindow {
            result = try call(WindowAttach.self, WindowAttach.Params(group: group, value: value, phase: phase))
        }
        windowID = result.window.id
        return (result, try subscribe())
    }

    /// Calls `method` on the connection; `disconnected` if there is none.
    func call<Method: RPCMethod>(_ method: Method.Type, _ params: Method.Params) throws(ClientError) -> Method.Result {
        guard let connection else { throw .disconnected(path: path) }
        return try connection.call(method, params)
    }

    /// Drops the connection: the daemon is gone.
    func disconnect() {
        connection = nil
    }
}
