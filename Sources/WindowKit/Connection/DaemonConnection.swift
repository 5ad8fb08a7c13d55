import Glibc
import NIOCore
import NIOPosix

/// One connection to windowd that outlives the daemon's restarts: the engine under
/// ``AppClient`` and ``WindowScene``.
///
/// ```swift
/// let connection = try await DaemonConnection.open(options, attach: WindowAttach.Params(group: "detail", value: .int(42)), subscribe: true)
/// let status = try await connection.call(DaemonStatus.self, NoParams())
/// connection.outputs.appState.value
/// ```
///
/// An actor whose executor is one NIO event loop: its state is isolated to that loop, the
/// channel handler hands it each line as it arrives (on the loop, so synchronously, through
/// `assumeIsolated`), no thread waits for the daemon and no task runs in the background.
/// Calls are continuations resumed by their responses; events update ``ConnectionOutputs``.
/// NIO's future callbacks run on the loop too, and enter the actor the same way, so that a
/// reply is taken in the order of the wire, before any event that came after it.
///
/// The daemon going away is handled here, once for every client (windowd(8), State; windowd-protocol(7)):
/// - `daemon.restarted` with `resync` false: nothing to do, the connection kept its state.
/// - `daemon.restarted` with `resync` true (a crash with the fd store): attach again by id and
///   subscribe again on the same connection.
/// - the connection dropped: connect again with backoff, then the same; after
///   ``ConnectionOptions/reconnectFor`` without the daemon, give up.
///
/// Calls made meanwhile wait and go out once the window is back. Calls in flight when the
/// daemon went away are sent again if that is safe (``ReplaySafety``), else fail with
/// ``WindowKitError/Code/interrupted``.
actor DaemonConnection {
    /// Where the connection is.
    enum Link {
        /// Not started.
        case idle
        /// Connected; re-establishing hello, the presented window and the subscription before
        /// anything else goes out.
        case restoring(any Channel, Restore)
        /// Connected and established: calls go out as they come.
        case ready(any Channel)
        /// No connection; a try to connect again is scheduled.
        case waiting
        /// Closed for good.
        case closed
    }

    /// Why a connection is being established.
    enum Restore {
        /// The first connection.
        case start
        /// A new connection after the last one dropped.
        case reconnect
        /// The same connection, after a daemon crash lost its state (`resync`).
        case resync
    }

    /// Where and how patiently to connect.
    nonisolated let options: ConnectionOptions
    /// The loop everything below lives on: the actor's executor.
    nonisolated let eventLoop: any EventLoop
    /// What the connection publishes, readable from anywhere.
    nonisolated let outputs = ConnectionOutputs()

    /// The event loop, as the actor's executor.
    nonisolated var unownedExecutor: UnownedSerialExecutor {
        eventLoop.executor.asUnownedSerialExecutor()
    }

    // MARK: State, isolated to the event loop

    var link = Link.idle
    var nextID: Int64 = 1
    /// Sent on the current channel, by request id.
    var inFlight: [Int64: PendingCall] = [:]
    /// Waiting for the connection to be established.
    var queued: [PendingCall] = []
    /// The `seq` of the last event on the current connection.
    var lastSeq: UInt64 = 0
    /// Whether to subscribe to every event (again after each restart).
    var subscribes = false
    /// The window presented, to attach again after each restart.
    var presenter: PresenterRole?
    /// Since when the daemon is gone, and when to try again.
    var outage: (since: NIODeadline, schedule: ReconnectSchedule)?
    /// The next try to connect.
    var retry: Scheduled<Void>?
    /// What this side knows of the app.
    var model = AppModel()

    init(options: ConnectionOptions, eventLoop: any EventLoop = NIOSingletons.posixEventLoopGroup.next()) {
        self.options = options
        self.eventLoop = eventLoop
    }

    /// Connects, says hello, attaches with `attach` (if any) and subscribes to every event
    /// (if `subscribe`); throws if any of it fails, leaving nothing open.
    static func open(
        _ options: ConnectionOptions,
        attach: WindowAttach.Params?,
        subscribe: Bool
    ) async throws -> DaemonConnection {
        let connection = DaemonConnection(options: options)
        try await connection.start(attach: attach, subscribe: subscribe)
        return connection
    }

    private func start(attach: WindowAttach.Params?, subscribe: Bool) async throws {
        subscribes = subscribe
        let socketPath = options.socketPath
        // The connection becomes the one in use, and its hello goes out, in the loop turn that
        // connected it: a daemon that refuses the client (`max_clients`) writes its error and
        // closes at once, and that line must find the hello waiting for an answer.
        let established = connectChannel()
            .flatMapErrorThrowing { error -> any Channel in
                let reason = (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "\(error)"
                let message =
                    "cannot reach windowd at \(socketPath): \(reason) (\(SocketPath.startAdvice(for: socketPath)))"
                throw WindowKitError(.unreachable, message)
            }
            .flatMap { channel in
                self.assumeIsolated { connection in
                    connection.link = .restoring(channel, .start)
                    return connection.establish(on: channel, attach: attach).map {
                        self.assumeIsolated { $0.becomeReady(channel) }
                    }
                }
            }
        do {
            try await established.get()
        } catch {
            close()
            throw error
        }
    }

    /// Closes the connection: calls waiting fail with ``WindowKitError/Code/closed`` and every
    /// stream ends. The daemon detaches a presented window when its presenter goes.
    func close() {
        shutDown(with: closedError)
    }

    /// ``close()`` without waiting, for `deinit`.
    nonisolated func closeSoon() {
        eventLoop.execute { self.assumeIsolated { $0.close() } }
    }

    nonisolated var closedError: WindowKitError {
        WindowKitError(.closed, "the connection to windowd at \(options.socketPath) was closed")
    }

    /// Ends the connection for good with `error` for everything still waiting (on the event loop).
    func shutDown(with error: WindowKitError) {
        let channel: (any Channel)?
        switch link {
        case .closed: return
        case .ready(let current), .restoring(let current, _): channel = current
        case .idle, .waiting: channel = nil
        }
        link = .closed
        retry?.cancel()
        retry = nil
        let calls = inFlight.sorted { $0.key < $1.key }.map(\.value) + queued
        inFlight = [:]
        queued = []
        for call in calls {
            call.timeout?.cancel()
            call.complete(self, .failure(error))
        }
        channel?.close(promise: nil)
        outputs.status.set(.closed)
        outputs.finish()
    }

    /// Makes a connection whose lines and end come back here.
    nonisolated func connectChannel() -> EventLoopFuture<any Channel> {
        ClientBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder()))
                    try channel.pipeline.syncOperations.addHandler(InboundHandler(connection: self))
                }
            }
            .connect(unixDomainSocketPath: options.socketPath)
    }

    /// Whether `channel` is the connection in use.
    func isCurrent(_ channel: any Channel) -> Bool {
        switch link {
        case .ready(let current), .restoring(let current, _): return current === channel
        case .idle, .waiting, .closed: return false
        }
    }
}
