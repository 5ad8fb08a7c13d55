import WindowEngine
import WindowProtocol

/// Request lines that wait for the end of `loading` (windowd-protocol(7), app.transition): an attach to a window
/// of a group that needs a user, which `loading` can neither give nor refuse until the stored
/// session has its verdict. Once a connection has a line waiting, its later lines wait behind
/// it, so that its replies keep their order; all are handled, in order, when loading ends.
struct HeldRequests {
    private var lines: [(connection: ConnectionID, line: [UInt8])] = []
    private var holding: [ConnectionID: Int] = [:]
    /// The most lines one connection may have waiting: a presenter sends one attach and waits
    /// for its answer; a connection that sends on regardless is not kept in memory without end.
    static let maximumPerConnection = 64

    /// Whether no line waits.
    var isEmpty: Bool { lines.isEmpty }

    /// Whether `connection` has a line waiting (its next lines wait too).
    func holds(_ connection: ConnectionID) -> Bool { holding[connection] != nil }

    /// Keeps `line` of `connection` until loading ends; `false` (and nothing kept) when the
    /// connection has ``maximumPerConnection`` lines waiting already.
    mutating func hold(_ line: UnsafeRawBufferPointer, from connection: ConnectionID) -> Bool {
        let count = holding[connection, default: 0]
        guard count < Self.maximumPerConnection else { return false }
        lines.append((connection, Array(line)))
        holding[connection] = count + 1
        return true
    }

    /// Forgets the lines of a connection that closed.
    mutating func drop(_ connection: ConnectionID) {
        guard holding.removeValue(forKey: connection) != nil else { return }
        lines.removeAll { $0.connection == connection }
    }

    /// Every waiting line, in the order they arrived; none waits after.
    mutating func takeAll() -> [(connection: ConnectionID, line: [UInt8])] {
        defer {
            lines = []
            holding = [:]
        }
        return lines
    }

    /// Whether `line` (a request or a batch) has an attach that waits for the end of loading,
    /// by ``SceneCoordinator/attachWaitsForLoading(_:)``. A line that does not parse does not:
    /// its error is answered at once.
    static func waitsForLoading(_ line: UnsafeRawBufferPointer, coordinator: SceneCoordinator) -> Bool {
        guard let parsed = try? JSONParser.parse(line) else { return false }
        let requests: [JSONValue]
        if case .array(let batch) = parsed { requests = batch } else { requests = [parsed] }
        return requests.contains { request in
            guard case .object(let members) = request, members["method"] == .string(WindowAttach.name),
                case .object(let params)? = members["params"]
            else { return false }
            if case .string(let id)? = params["id"] { return coordinator.attachWaitsForLoading(.id(id)) }
            if case .string(let group)? = params["group"] {
                return coordinator.attachWaitsForLoading(.value(group: group, value: params["value"]))
            }
            return false
        }
    }
}
