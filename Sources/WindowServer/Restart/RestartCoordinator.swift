import Glibc
import Logging
import NIOCore
import NIOPosix

/// Stops or restarts the daemon without dropping its clients.
///
/// With the service manager's fd store, a stop is a hand-off: connections stay in the store,
/// their protocol state goes there too, and the next process adopts them. Without it, SIGUSR2
/// execs the installed binary and hands everything over through `LISTEN_FDS`.
final class RestartCoordinator: Sendable {
    /// The fd-store name of a listening socket the daemon bound itself.
    static let listenerName = "listener"

    private let daemon: NIOLoopBound<WindowDaemon>
    private let loop: any EventLoop
    private let server: any Channel
    private let hooks: LifecycleHooks
    private let logger: Logger

    init(
        daemon: NIOLoopBound<WindowDaemon>,
        loop: any EventLoop,
        server: any Channel,
        hooks: LifecycleHooks,
        logger: Logger
    ) {
        self.daemon = daemon
        self.loop = loop
        self.server = server
        self.hooks = hooks
        self.logger = logger
    }

    /// The service group began to stop (the signal service is told first): no upgrade begins or
    /// execs from now on, and one being checked ends; ``stop()`` follows once the services before
    /// it have stopped.
    func stopIsComing() {
        let daemon = self.daemon
        loop.execute { daemon.value.machine.stopComing() }
    }

    /// SIGTERM/SIGINT: a hand-off through the fd store when there is one, else a plain stop
    /// (clients are told `daemon.stopping` and closed). During an upgrade's hand-off, the upgrade
    /// stops instead of exec'ing once its hand-off is ready.
    func stop() {
        let (daemon, server, hooks, logger) = (self.daemon, self.server, self.hooks, self.logger)
        loop.execute {
            switch daemon.value.machine.stopAsked() {
            case .now:
                Self.stopNow(daemon: daemon, server: server, hooks: hooks, logger: logger)
            case .afterUpgrade:
                logger.notice("stop asked for during an upgrade: stopping instead once its hand-off is ready")
            case .alreadyUnderWay:
                break
            }
        }
    }

    private static func stopNow(
        daemon: NIOLoopBound<WindowDaemon>,
        server: any Channel,
        hooks: LifecycleHooks,
        logger: Logger
    ) {
        guard let store = hooks.descriptorStore else {
            daemon.value.stop().whenComplete { _ in server.close(promise: nil) }
            return
        }
        let handingOff = daemon.value.handOff(
            .restart,
            settling: daemon.value.machine.restartHandOff(now: daemon.value.now)
        )
        handingOff.whenComplete { result in
            do {
                let (state, connections) = try result.get()
                let fd = try HandOffFile.write(state)
                store.store(fd, HandOffFile.name)
                close(fd)
                daemon.value.machine.handedOver()
                logger.info(
                    "handed over to the next process",
                    metadata: ["connections": "\(connections.count)", "generation": "\(state.generation)"]
                )
            } catch {
                logger.error(
                    "cannot hand the connections over; they will be resynchronised",
                    metadata: ["error": "\(error)"]
                )
            }
            server.close(promise: nil)
        }
    }

    /// SIGUSR2: checks the installed binary (off the event loop), then execs it with every
    /// descriptor and the state handed over. When the binary does not pass, or the exec fails,
    /// the daemon goes on serving exactly as before: same descriptors, every connection read
    /// from again (unless back-pressure had paused it) with its partial line.
    ///
    /// While one is under way (its check included), another is ignored; a stop ends its check at once.
    func upgradeInPlace() async {
        let (daemon, server, hooks, logger, loop) = (self.daemon, self.server, self.hooks, self.logger, self.loop)
        switch try? await loop.submit({ daemon.value.machine.upgradeAsked() }).get() {
        case .checkBinary: break
        case .alreadyUnderWay: return logger.warning("upgrade ignored: one is already under way, or a stop")
        case .stopComing, nil: return
        }
        logger.notice("upgrading in place", metadata: ["binary": "\(SelfExec.executablePath)"])
        let refusal: String?
        do {
            refusal = try await NIOThreadPool.singleton.runIfActive {
                // Asked of the loop every 20 ms: a stop ends the check at once.
                SelfExec.check(stopping: {
                    (try? loop.submit { daemon.value.machine.lifecycle != .checkingUpgrade }.wait()) ?? true
                })
            }
        } catch {
            refusal = "cannot check the binary: \(error)"
        }
        loop.execute {
            switch daemon.value.machine.upgradeChecked(refused: refusal != nil, now: daemon.value.now) {
            case .abandoned:
                logger.notice("upgrade abandoned for the stop asked for meanwhile")
            case .refused:
                logger.error("upgrade refused; serving on", metadata: ["reason": "\(refusal ?? "")"])
            case .handOff(let settling):
                daemon.value.handOff(.upgrade, settling: settling).whenComplete { result in
                    Self.exec(result, daemon: daemon, server: server, hooks: hooks, logger: logger)
                }
            }
        }
    }

    /// Execs the new binary with what the hand-off prepared, unless a stop came meanwhile; what
    /// follows an exec that did not happen is the machine's (``DaemonMachine/handOffFailed()``).
    private static func exec(
        _ result: Result<(state: HandOffState, connections: [(fileDescriptor: Int32, name: String)]), any Error>,
        daemon: NIOLoopBound<WindowDaemon>,
        server: any Channel,
        hooks: LifecycleHooks,
        logger: Logger
    ) {
        var failure = "no listening socket"
        if !daemon.value.machine.execsUpgrade {
            failure = "a stop was asked for meanwhile"
        } else if case .success(let (state, connections)) = result, let listener = WindowDaemon.descriptor(of: server) {
            do {
                let stateFD = try HandOffFile.write(state)
                let listenerName = daemon.value.listenerName ?? Self.listenerName
                failure = SelfExec.exec(
                    handingOver: [(listener, listenerName)] + connections + [(stateFD, HandOffFile.name)]
                )
                close(stateFD)
            } catch {
                failure = "cannot write the hand-off state: \(error)"
            }
        }
        switch daemon.value.handOffFailed() {
        case .stopNow:
            logger.notice("upgrade abandoned for the stop asked for meanwhile")
            stopNow(daemon: daemon, server: server, hooks: hooks, logger: logger)
        case .stopComing:
            logger.notice("upgrade abandoned for the stop asked for meanwhile")
        case .serveOn:
            logger.error("upgrade failed; serving on", metadata: ["error": "\(failure)"])
            hooks.ready(daemon.value.machine.statusLine)
        }
    }
}
