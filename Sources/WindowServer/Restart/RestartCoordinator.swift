import Logging
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

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
    /// A stop (SIGTERM, SIGINT) has begun: set at once from the signal, before the stop itself
    /// reaches the event loop, which an upgrade's exec may be about to leave for good.
    private let stopComing = Atomic<Bool>(false)
    /// An upgrade is under way, from its binary's check to its exec or its failure: another
    /// SIGUSR2 meanwhile is ignored.
    private let upgrading = Atomic<Bool>(false)

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

    /// The service group began to stop (the signal service is told first): no upgrade execs
    /// from now on; ``stop()`` follows once the services before it have stopped.
    func stopIsComing() {
        stopComing.store(true, ordering: .relaxed)
    }

    /// Whether a stop has begun; an upgrade's check ends as soon as it has.
    var isStopComing: Bool { stopComing.load(ordering: .relaxed) }

    /// SIGTERM/SIGINT: a hand-off through the fd store when there is one, else a plain stop
    /// (clients are told `daemon.stopping` and closed). During an upgrade's hand-off, the upgrade
    /// stops instead of exec'ing once its hand-off is ready.
    func stop() {
        let (daemon, server, hooks, logger) = (self.daemon, self.server, self.hooks, self.logger)
        loop.execute {
            switch daemon.value.requestStop() {
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
        guard let store = hooks.descriptorStore, let handingOff = daemon.value.prepareHandOff(reason: .restart) else {
            daemon.value.stop().whenComplete { _ in server.close(promise: nil) }
            return
        }
        handingOff.whenComplete { result in
            do {
                let (state, connections) = try result.get()
                let fd = try HandOffFile.write(state)
                store.store(fd, HandOffFile.name)
                close(fd)
                daemon.value.handedOver()
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
        guard !isStopComing else { return }
        guard upgrading.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
            logger.warning("upgrade ignored: one is already under way")
            return
        }
        let (daemon, server, hooks, logger) = (self.daemon, self.server, self.hooks, self.logger)
        logger.notice("upgrading in place", metadata: ["binary": "\(SelfExec.executablePath)"])
        let refusal: String?
        do {
            refusal = try await NIOThreadPool.singleton.runIfActive { [self] in
                SelfExec.check(stopping: { isStopComing })
            }
        } catch {
            refusal = "cannot check the binary: \(error)"
        }
        if isStopComing {
            logger.notice("upgrade abandoned for the stop asked for meanwhile")
            return
        }
        if let refusal {
            logger.error("upgrade refused; serving on", metadata: ["reason": "\(refusal)"])
            upgrading.store(false, ordering: .relaxed)
            return
        }
        loop.execute { [self] in
            guard let handingOff = daemon.value.prepareHandOff(reason: .upgrade) else {
                logger.warning("upgrade ignored: the daemon is already stopping or upgrading")
                upgrading.store(false, ordering: .relaxed)
                return
            }
            handingOff.whenComplete { [self] result in
                var failure = "no listening socket"
                if !daemon.value.execsUpgrade || stopComing.load(ordering: .relaxed) {
                    failure = "a stop was asked for meanwhile"
                } else if case .success(let (state, connections)) = result,
                    let listener = WindowDaemon.descriptor(of: server)
                {
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
                upgrading.store(false, ordering: .relaxed)
                if daemon.value.abandonHandOff() {
                    logger.notice("upgrade abandoned for the stop asked for meanwhile")
                    Self.stopNow(daemon: daemon, server: server, hooks: hooks, logger: logger)
                } else if stopComing.load(ordering: .relaxed) {
                    logger.notice("upgrade abandoned for the stop asked for meanwhile")
                } else {
                    logger.error("upgrade failed; serving on", metadata: ["error": "\(failure)"])
                    hooks.ready(daemon.value.machine.statusLine)
                }
            }
        }
    }
}
