import Glibc
package import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import WindowEngine
import WindowProtocol

/// The socket server service: binds the socket (or adopts the one systemd or the previous
/// process handed over), adopts handed-over connections, serves every connection on one event
/// loop, and on graceful shutdown stops or hands the connections to the next process.
///
/// It is made with what ``StateStoreService`` restored and added to the service group then; once
/// it serves, `whenServing` adds ``SignalService``. The group stops them in the reverse order.
package final class SocketServer: Service, CustomStringConvertible, Sendable {
    private let config: DaemonConfig
    private let address: ListenAddress
    private let inherited: InheritedDescriptors
    private let hooks: LifecycleHooks
    private let logger: Logger
    private let restored: StateStoreService.RestoredState
    private let reloadConfig: @Sendable () throws(ConfigError) -> DaemonConfig
    private let whenServing: @Sendable (Running) async -> Void

    /// The daemon on its event loop, and what restarts it.
    package struct Running: Sendable {
        let daemon: NIOLoopBound<WindowDaemon>
        let loop: any EventLoop
        let restart: RestartCoordinator
    }

    /// A server for `config` over the store and the windows `restored`; `hooks` tell the service manager.
    ///
    /// - Parameters:
    ///   - address: where to listen when no listener is inherited.
    ///   - inherited: descriptors a previous process handed over (`LISTEN_FDS`): the listener,
    ///     client connections to adopt, and the state of a graceful restart.
    ///   - restored: the opened store this server commits to, and what it held.
    ///   - reloadConfig: re-reads the config, for SIGHUP and `daemon.reload`; an error keeps the old one.
    ///   - whenServing: what is done once the socket serves: windowd adds the signal service.
    package init(
        config: DaemonConfig,
        address: ListenAddress,
        inherited: InheritedDescriptors = InheritedDescriptors(),
        hooks: LifecycleHooks,
        logger: Logger,
        restored: StateStoreService.RestoredState,
        reloadConfig: @escaping @Sendable () throws(ConfigError) -> DaemonConfig,
        whenServing: @escaping @Sendable (Running) async -> Void
    ) {
        self.reloadConfig = reloadConfig
        self.config = config
        self.address =
            inherited.listener.map { .inherited(fileDescriptor: $0.fileDescriptor, name: $0.name) } ?? address
        self.inherited = inherited
        self.hooks = hooks
        self.logger = logger
        self.restored = restored
        self.whenServing = whenServing
    }

    /// Names the socket path or inherited descriptor, so the service group's logs say which server it is.
    package var description: String { "SocketServer(\(address))" }

    /// Serves until graceful shutdown, then unlinks the bound path unless a restart hands the
    /// socket on; a failure to start fails the group.
    package func run() async throws {
        // The daemon's one event-loop group, shut down once every channel is closed and every
        // change committed.
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            try await serve(restored, on: group)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        try await group.shutdownGracefully()
        logger.info("stopped")
    }

    private func serve(_ restored: StateStoreService.RestoredState, on group: MultiThreadedEventLoopGroup) async throws
    {
        let loop = group.next()
        let (config, hooks, logger, address, reloadConfig) = (
            self.config, self.hooks, self.logger, self.address, self.reloadConfig
        )
        let handOff = inherited.handOffState.flatMap(HandOffFile.read)
        if inherited.handOffState != nil {
            // Read once: a crash later must not find this state again.
            hooks.descriptorStore?.remove(HandOffFile.name)
            if handOff == nil { logger.warning("the hand-off state does not decode; connections resynchronise") }
        }
        var (listenerName, socketPath): (String?, String?) = (nil, nil)
        switch address {
        case .path(let path): socketPath = path
        case .inherited(let fd, let name): (listenerName, socketPath) = (name, ListeningSocket.path(of: fd))
        }
        let daemon = try await loop.submit { [listenerName, socketPath] in
            let daemon = WindowDaemon(
                config: config,
                eventLoop: loop,
                hooks: hooks,
                store: restored.store,
                restored: restored.windows,
                storedSession: restored.session,
                logger: logger,
                listenerName: listenerName,
                socketPath: socketPath,
                configLoader: reloadConfig
            )
            if let handOff { daemon.resume(from: handOff) }
            return NIOLoopBound(daemon, eventLoop: loop)
        }.get()

        let server = try await bind(group: group, daemon: daemon)
        try await adoptConnections(on: loop, daemon: daemon, handOff: handOff)
        logger.info(
            "listening",
            metadata: ["socket": "\(address)", "pid": "\(getpid())", "adopted": "\(inherited.connections.count)"]
        )
        try await loop.submit { daemon.value.start() }.get()

        let restart = RestartCoordinator(
            daemon: daemon,
            loop: loop,
            server: server.channel,
            hooks: hooks,
            logger: logger
        )
        await whenServing(Running(daemon: daemon, loop: loop, restart: restart))
        try await withGracefulShutdownHandler {
            try await server.executeThenClose { accepted in
                for try await _ in accepted {}
            }
        } onGracefulShutdown: {
            logger.info("stopping")
            restart.stop()
        }
        let keepsSocket = try await loop.submit { daemon.value.machine.lifecycle.keepsSocket }.get()
        if case .path(let path) = address, !keepsSocket {
            unlink(path)
        }
    }

    private func bind(
        group: MultiThreadedEventLoopGroup,
        daemon: NIOLoopBound<WindowDaemon>
    ) async throws -> NIOAsyncChannel<Void, Never> {
        let setUp = ConnectionSetUp(daemon: daemon, logger: logger)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 512)
        let initialize: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            setUp.accept(channel)
        }
        switch address {
        case .path(let path):
            try SocketPreparer.prepare(path: path)
            // Bound here, not by NIO, which would unlink the path when a hand-off closes the channel.
            let backlog: Int32 = 512
            let fd = try ListeningSocket.bind(path: path, backlog: backlog)
            let channel: NIOAsyncChannel<Void, Never>
            do {
                let policy = AccessPolicy(config.daemon)
                try SocketPreparer.secure(path: path, group: policy.allowedGroup, otherUIDs: policy.admitsOtherUIDs)
                channel = try await bootstrap.bind(
                    fd,
                    cleanupExistingSocketFile: false,
                    childChannelInitializer: initialize
                )
            } catch {
                close(fd)
                unlink(path)
                throw error
            }
            // NIO listens again on an adopted descriptor, with its default backlog.
            guard listen(fd, backlog) == 0 else {
                let reason = String(cString: strerror(errno))
                try? await channel.channel.close()
                unlink(path)
                throw SocketPreparer.Refusal(description: "cannot listen on \(path): \(reason)")
            }
            if let store = hooks.descriptorStore {
                // Kept by the manager, so that the next process serves the same socket.
                try await channel.channel.eventLoop.submit {
                    if let fd = WindowDaemon.descriptor(of: channel.channel) {
                        store.store(fd, RestartCoordinator.listenerName)
                    }
                }.get()
            }
            return channel
        case .inherited(let fd, _):
            return try await bootstrap.bind(fd, cleanupExistingSocketFile: false, childChannelInitializer: initialize)
        }
    }

    /// Adopts the client connections a previous process handed over, all of them before any is
    /// read from, so that no request is served before every presenter is back.
    ///
    /// All of it runs in one task on the daemon's loop: every step completes there at once, and
    /// the loop reads from a socket only between tasks, so nothing is read before the last
    /// connection is in. (Waiting for each connection from this service's task cost a thread hop
    /// per connection, and holding reads back with `autoRead` two epoll changes per connection.)
    private func adoptConnections(
        on loop: any EventLoop,
        daemon: NIOLoopBound<WindowDaemon>,
        handOff: HandOffState?
    ) async throws {
        let connections = inherited.connections
        guard !connections.isEmpty else { return }
        let setUp = ConnectionSetUp(daemon: daemon, logger: logger)
        let records = Dictionary((handOff?.connections ?? []).map { ($0.name, $0) }, uniquingKeysWith: { $1 })
        let (hooks, logger) = (self.hooks, self.logger)
        try await loop.flatSubmit {
            let adopting = connections.map { connection in
                let record = records[connection.name]
                return ClientBootstrap(group: loop)
                    .channelInitializer { channel in setUp.adopt(channel, name: connection.name, record: record) }
                    .withConnectedSocket(connection.fileDescriptor)
            }
            return EventLoopFuture.whenAllComplete(adopting, on: loop).map { results in
                for case (let connection, .failure(let error)) in zip(connections, results) {
                    logger.warning(
                        "cannot adopt a handed-over connection",
                        metadata: ["name": "\(connection.name)", "error": "\(error)"]
                    )
                    hooks.descriptorStore?.remove(connection.name)
                }
            }
        }.get()
    }
}
