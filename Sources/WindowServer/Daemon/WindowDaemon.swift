#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NIOCore
import WindowCore
import WindowProtocol
import WindowStore

/// The running daemon: the coordinator, the connections, and the execution of what
/// the coordinator asks for. Lives on one event loop, like tmux's server loop:
/// every request, event and timer runs there, in order, with no locks.
public final class WindowDaemon {
    /// The loop everything runs on.
    public let eventLoop: any EventLoop
    /// The daemon's logger.
    let logger: Logger
    /// The config in force.
    var config: DaemonConfig
    /// The app-state controller.
    var coordinator: SceneCoordinator
    var connections: [ConnectionID: Connection] = [:]
    var unflushed: [Connection] = []
    var nextConnection: UInt64 = 1
    var access: AccessPolicy
    let hooks: LifecycleHooks
    let launcher: ProcessLauncher
    let pipeline: CommitPipeline
    let store: any StateStore
    var storedSession: Session?
    let wallClock: @Sendable () -> Double
    let startedAt = ContinuousClock.now
    var statusReport = StatusReport()
    /// Names this process's connections in the fd store, unique across restarts.
    let instance = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    /// Set once a graceful restart began: connections stay open for the next process.
    var handingOff = false
    let encoder = JSONEncoder()
    let decoder = JSONValueDecoder()
    let allocator = ByteBufferAllocator()

    /// - Parameters:
    ///   - restored: windows already validated against `config`, detached and `background`.
    ///   - storedSession: the session found in the store, validated before it is applied.
    init(config: DaemonConfig, eventLoop: any EventLoop, hooks: LifecycleHooks, store: any StateStore,
         restored: [Window], storedSession: Session?, logger: Logger,
         wallClock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }) {
        self.config = config
        self.eventLoop = eventLoop
        self.hooks = hooks
        self.store = store
        self.launcher = ProcessLauncher(eventLoop: eventLoop, logger: logger)
        self.pipeline = CommitPipeline(store: store, eventLoop: eventLoop, logger: logger)
        self.storedSession = storedSession
        self.logger = logger
        self.wallClock = wallClock
        self.coordinator = SceneCoordinator(groups: config.windowGroups, limits: config.coordinatorLimits)
        self.access = AccessPolicy(allowedUIDs: config.daemon.allowedUIDs, allowedGroup: AccessPolicy.groupID(named: config.daemon.allowedGroup))
        for window in restored { coordinator.restore(window) }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        pipeline.onRelease = { daemon.value.flush() }
    }

    var sessionValidator: SessionValidator {
        SessionValidator(command: config.app.validateCommand, timeout: .seconds(5), launcher: launcher, logger: logger)
    }

    /// The current wall-clock time, in seconds since the Unix epoch.
    var now: Double { wallClock() }

    /// The name the listening socket had when inherited (socket activation), kept on an upgrade.
    var listenerName: String?

    // MARK: - Requests

    /// Handles one request line and queues its response and the events it caused.
    func handle(line: ByteBuffer, from connection: Connection) {
        // One strict parse of the whole line: a line that is not JSON gets -32700 whatever it
        // holds, and the params are then read from the parsed tree, not from the bytes again.
        let parsed = line.withUnsafeReadableBytes { raw in
            Result { () throws(JSONParser.Failure) in try JSONParser.parse(raw) }
        }
        let message: JSONValue
        switch parsed {
        case .success(let value):
            message = value
        case .failure(let failure):
            send(responseLine(RPCResponse<NoParams>(id: nil, error: .parseError("not valid JSON (\(failure)): send one JSON-RPC object per line"))), to: connection)
            return
        }
        guard case .object(let members) = message else {
            let reply = RPCError.invalidRequest("a request is a JSON object with \"jsonrpc\":\"2.0\", \"method\" and \"id\"")
            send(responseLine(RPCResponse<NoParams>(id: nil, error: reply)), to: connection)
            return
        }
        let header = RPCRequestHeader(members: members)
        guard header.jsonrpc == "2.0", let method = header.method else {
            let reply = RPCError.invalidRequest("a request needs \"jsonrpc\":\"2.0\" and a string \"method\"")
            send(responseLine(RPCResponse<NoParams>(id: header.id, error: reply)), to: connection)
            return
        }
        guard let route = MethodTable.routes[method] else {
            if header.id != nil {
                send(responseLine(RPCResponse<NoParams>(id: header.id, error: .methodNotFound(method))), to: connection)
            }
            return
        }
        if route.mutates, let failure = pipeline.failure {
            send(responseLine(RPCResponse<NoParams>(id: header.id, error: Self.storeRefusal(failure))), to: connection)
            return
        }
        var effects: [Effect] = []
        let request = MethodRoute.Request(params: header.hasParams ? members["params"] : nil, id: header.id, connection: connection)
        let reply: ByteBuffer
        do {
            reply = try route.invoke(self, request, &effects)
        } catch let error as RPCError {
            if error.reason == .invalidTransition {
                logger.warning("refused transition", metadata: ["reason": "\(error.message)"])
            }
            reply = responseLine(RPCResponse<NoParams>(id: header.id, error: error))
        } catch {
            reply = responseLine(RPCResponse<NoParams>(id: header.id, error: .invalidParams("\(error)")))
        }
        // Acknowledge after commit: the reply and the events wait for the changes this request
        // made or saw to be durable (at once when nothing is pending).
        var changes: [StateChange] = []
        effects.removeAll { effect in
            guard case .persist(let change) = effect else { return false }
            changes.append(change)
            return true
        }
        pipeline.add(changes)
        let id = header.id
        pipeline.whenDurable { [self] failure in
            if id != nil {
                if route.mutates, let failure, !changes.isEmpty {
                    send(responseLine(RPCResponse<NoParams>(id: id, error: Self.storeRefusal(failure))), to: connection)
                } else {
                    send(reply, to: connection)
                }
            }
            perform(effects)
            if !effects.isEmpty { scheduleStatus() }
        }
    }

    static func storeRefusal(_ failure: CommitPipeline.StoreFailure) -> RPCError {
        RPCError(code: -32603, message: "windowd cannot save state (\(failure)); changes are refused until the state directory accepts writes again")
    }

    /// Encodes a response (or any message) as one line.
    func responseLine<Message: Encodable>(_ message: Message) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 256)
        do {
            buffer.writeBytes(try encoder.encode(message))
        } catch {
            buffer.writeString(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32603,"message":"internal error: cannot encode the response"}}"#)
        }
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }

    /// Queues `buffer` on `connection`; ``flush()`` sends it.
    func send(_ buffer: ByteBuffer, to connection: Connection) {
        if !connection.needsFlush { unflushed.append(connection) }
        connection.write(buffer)
    }

    /// Sends everything queued, on every connection.
    func flush() {
        for connection in unflushed { connection.flushIfNeeded() }
        unflushed.removeAll(keepingCapacity: true)
    }

    // MARK: - For the method handlers

    /// Mutates the coordinator.
    func withCoordinator<Value>(_ body: (inout SceneCoordinator) throws(RPCError) -> Value) throws(RPCError) -> Value {
        try body(&coordinator)
    }

    /// Subscribes `connection` and returns the `seq` before the subscription.
    func subscribe(_ connection: Connection, to types: [String]?) throws(RPCError) -> UInt64 {
        if let types {
            let unknown = types.filter { EventName(rawValue: $0) == nil }
            guard unknown.isEmpty else {
                throw .invalidParams("unknown event types \(unknown); known: \(EventName.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            connection.subscription = .only(Set(types))
        } else {
            connection.subscription = .all
        }
        return connection.lastSeq
    }
}
