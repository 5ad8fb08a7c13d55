#if canImport(Glibc)
import Glibc
#endif
import Logging
import NIOCore

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

    init(daemon: NIOLoopBound<WindowDaemon>, loop: any EventLoop, server: any Channel, hooks: LifecycleHooks, logger: Logger) {
        self.daemon = daemon
        self.loop = loop
        self.server = server
        self.hooks = hooks
        self.logger = logger
    }

    /// SIGTERM/SIGINT: a hand-off through the fd store when there is one, else a plain stop
    /// (clients are told `daemon.stopping` and closed).
    func stop() {
        let (daemon, server, hooks, logger) = (self.daemon, self.server, self.hooks, self.logger)
        loop.execute {
            guard let store = hooks.descriptorStore else {
                daemon.value.stop().whenComplete { _ in server.close(promise: nil) }
                return
            }
            daemon.value.prepareHandOff(reason: .restart).whenComplete { result in
                do {
                    let (state, connections) = try result.get()
                    let fd = try HandOffFile.write(state)
                    store.store(fd, HandOffFile.name)
                    close(fd)
                    daemon.value.handedOver()
                    logger.info("handed over to the next process", metadata: ["connections": "\(connections.count)", "generation": "\(state.generation)"])
                } catch {
                    logger.error("cannot hand the connections over; they will be resynchronised", metadata: ["error": "\(error)"])
                }
                server.close(promise: nil)
            }
        }
    }

    /// SIGUSR2: exec the installed binary with every descriptor and the state handed over.
    /// On failure the daemon goes on serving.
    func upgradeInPlace() {
        let (daemon, server, hooks, logger) = (self.daemon, self.server, self.hooks, self.logger)
        loop.execute {
            logger.notice("upgrading in place", metadata: ["binary": "\(SelfExec.executablePath)"])
            daemon.value.prepareHandOff(reason: .upgrade).whenComplete { result in
                var failure = "no listening socket"
                if case .success(let (state, connections)) = result,
                   let listener = WindowDaemon.descriptor(of: server),
                   let stateFD = try? HandOffFile.write(state) {
                    let listenerName = daemon.value.listenerName ?? Self.listenerName
                    failure = SelfExec.exec(handingOver: [(listener, listenerName)] + connections + [(stateFD, HandOffFile.name)])
                    close(stateFD)
                }
                logger.error("upgrade failed; serving on", metadata: ["error": "\(failure)"])
                daemon.value.abandonHandOff()
                hooks.ready(daemon.value.statusLine)
            }
        }
    }
}
