import ArgumentParser
import Glibc
import Logging
import POSIXSupport
import ServiceLifecycle
import UnixSignals
import WindowProtocol
import WindowServer

/// `windowd`: the multi-window coordination daemon. A thin shell: flags, config, logging,
/// systemd, and one ServiceGroup; the work is in `WindowServer`.
@main
struct Windowd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "windowd",
        abstract: "Coordinate the windows of a group of terminal programs, like SwiftUI's scenes.",
        version: ProtocolVersion.software
    )

    @Option(
        help:
            "The config file (default: $CONFIGURATION_DIRECTORY, ~/.config/windowd or /etc/windowd, else embedded defaults)."
    )
    var config: String?

    @Option(help: "The socket path, overriding the config and $WINDOWD_SOCKET.")
    var socket: String?

    @Option(
        help: ArgumentHelp(
            "Serve this app's instance: its manifest ID.toml, socket windowd/ID.sock and state directory ID/ (default: $WINDOWD_APP; none: the default app).",
            valueName: "id"
        )
    )
    var app: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Flag(help: "Validate the config and exit (78 if it is broken).")
    var checkConfig = false

    func validate() throws {
        guard Logger.Level(rawValue: logLevel) != nil else {
            throw ValidationError(
                "--log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not '\(logLevel)'"
            )
        }
        do {
            _ = try AppID.chosen(explicit: app, environment: ProcessEnvironment.current())
        } catch {
            throw ValidationError(app == nil ? "WINDOWD_APP: \(error)" : "--app: \(error)")
        }
    }

    /// How long what is still queued for the service manager (STOPPING=1, the hand-off state)
    /// may take to go out at exit; a manager that does not read gets no longer than this.
    static let notifyDrainTimeout: Duration = .milliseconds(250)

    func run() async throws {
        // Descriptors from our own exec on SIGUSR2, or from systemd (activation, the fd store):
        // taken first, as both remove their variables from the environment, before the notifier
        // (whose sd_notify reads NOTIFY_SOCKET from it) sends anything.
        let inherited = InheritedDescriptors(
            SelfExec.takeHandedOver() + SocketActivation.takeListenedSockets().map { ($0.fileDescriptor, $0.name) }
        )
        try await NotifySender.withSender(
            descriptorStore: FileDescriptorStore.fromEnvironment(),
            drainTimeout: Self.notifyDrainTimeout,
            logLabel: "windowd"
        ) { notifier in
            try await run(notifying: notifier, inherited: inherited)
        }
    }

    private func run(notifying notifier: NotifySender, inherited: InheritedDescriptors) async throws {
        let environment = ProcessEnvironment.current()
        let appID = try? AppID.chosen(explicit: app, environment: environment)
        let source = InstanceConfigSource(
            config: ConfigSource.locate(explicit: config, environment: environment, uid: getuid()),
            app: appID,
            environment: environment
        )
        let loaded: DaemonConfig
        do {
            loaded = try source.load()
        } catch {
            FileOutput.standardError("windowd: config error: \(error)\n")
            notifier.startFailed(errno: nil, exitStatus: 78, status: "config error: \(error)")
            throw ExitCode(78)
        }
        if checkConfig {
            print(
                "\(source): ok (\(loaded.groups.count) window group\(loaded.groups.count == 1 ? "" : "s"): \(loaded.groups.keys.sorted().joined(separator: ", ")))"
            )
            return
        }

        umask(0o077)
        let level = Logger.Level(rawValue: logLevel)!
        LoggingSystem.bootstrap { label in
            if JournalLogHandler.isConnectedToJournal() {
                return JournalLogHandler(label: label, identifier: "windowd", logLevel: level)
            }
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "windowd")

        let address = Self.listenAddress(socket: socket, config: loaded, environment: environment)
        // Launch commands such as `winctl attach {id}` find this daemon: at the path it binds, or
        // where the socket it was handed (socket activation, an upgrade) is bound.
        let servedPath: String? =
            if let listener = inherited.listener {
                ListeningSocket.path(of: listener.fileDescriptor)
            } else if case .path(let path) = address {
                path
            } else {
                nil
            }
        if let servedPath { setenv("WINDOWD_SOCKET", servedPath, 1) }
        if let appID { setenv("WINDOWD_APP", appID.rawValue, 1) }
        let stateDirectory = StateDirectory.resolve(
            configured: loaded.state.directory,
            environment: environment,
            uid: getuid(),
            app: appID
        )
        // One daemon per app and state directory, the default app included; held until the
        // process ends (windowd(8), Apps and instances) and taken before the state is read, so that a daemon
        // refused here has changed nothing.
        let lock = try Self.lock(appID, in: stateDirectory, notifier: notifier)
        let hooks = SystemdLifecycle.hooks(notifier)
        let signals = await SignalService.trapSignals()
        // Each service is added once the one before it is ready: the store, then the socket server
        // with what the store restored, then the signals acting on the serving server. A graceful
        // shutdown stops them in reverse: signals, server, store.
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: [ServiceGroupConfiguration.ServiceConfiguration](),
                gracefulShutdownSignals: [.sigterm, .sigint],
                logger: logger
            )
        )
        let state = StateStoreService(config: loaded, directory: stateDirectory, lock: lock, logger: logger) {
            restored in
            let server = SocketServer(
                config: loaded,
                address: address,
                inherited: inherited,
                hooks: hooks,
                logger: logger,
                restored: restored,
                reloadConfig: { () throws(ConfigError) in try source.load() }
            ) { running in
                await group.addServiceUnlessShutdown(SignalService(signals: signals, running: running))
            }
            await group.addServiceUnlessShutdown(server)
        }
        await group.addServiceUnlessShutdown(state)
        do {
            try await group.run()
        } catch let refusal as StoreOpeningError {
            logger.critical("cannot open the state database", metadata: ["reason": "\(refusal)"])
            FileOutput.standardError("windowd: \(refusal)\n")
            notifier.startFailed(errno: nil, exitStatus: 73, status: "cannot open state: \(refusal)")
            throw ExitCode(73)
        } catch let refusal as SocketPreparer.Refusal {
            logger.critical("cannot listen", metadata: ["reason": "\(refusal)"])
            FileOutput.standardError("windowd: \(refusal)\n")
            notifier.startFailed(errno: nil, exitStatus: 73, status: "cannot listen: \(refusal)")
            throw ExitCode(73)
        }
    }

    /// `--socket`, else an app's socket (windowd(8), Apps and instances), else the config's, else the default
    /// of windowd(8), Socket and access; used when no listening socket was handed over.
    private static func listenAddress(
        socket: String?,
        config: DaemonConfig,
        environment: [String: String]
    ) -> ListenAddress {
        if let socket, !socket.isEmpty { return .path(socket) }
        if let app = config.appID { return .path(SocketPath.forApp(app, environment: environment, uid: getuid())) }
        if !config.daemon.socket.isEmpty { return .path(config.daemon.socket) }
        return .path(SocketPath.resolveDefault(environment: environment, uid: getuid()))
    }

    /// The lock of `app`'s instance (`nil`: the default app's), or exit 73 (EX_CANTCREAT) naming the daemon that holds it.
    private static func lock(
        _ app: AppID?,
        in directory: String,
        notifier: NotifySender
    ) throws(ExitCode) -> InstanceLock {
        do {
            return try InstanceLock.acquire(app: app, directory: directory)
        } catch {
            FileOutput.standardError("windowd: \(error)\n")
            notifier.startFailed(errno: nil, exitStatus: 73, status: "\(error)")
            throw ExitCode(73)
        }
    }
}
