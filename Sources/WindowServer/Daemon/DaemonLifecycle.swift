/// Where the daemon is in its life, the core of ``DaemonMachine``'s state (whose methods are its
/// only transitions): whether it reads requests, whether a closed connection is gone for good or
/// stays with the next process, whether the socket stays, and what a stop or an upgrade asked
/// for now does.
enum DaemonLifecycle: Equatable {
    /// Listening and serving.
    case serving
    /// Serving while SIGUSR2's new binary is checked, off the loop.
    case checkingUpgrade
    /// Serving while the service group stops the services before the server: no upgrade begins.
    case stopComing
    /// A graceful restart began: reading stopped, what was read is being answered and committed.
    /// `stop`: a stop came during an upgrade's hand-off; the upgrade does not exec.
    case handingOff(HandOffReason, stop: Stop?)
    /// The connections and their state are with the service manager for the next process.
    case handedOver
    /// Stopping without a hand-off: clients are told and closed.
    case stopping

    /// Why connections are handed over: the service manager restarts the daemon (`STOPPING=1`),
    /// or it replaces itself in place (`RELOADING=1`, then the new binary's `READY=1`).
    enum HandOffReason: Equatable {
        case restart
        case upgrade
    }

    /// A stop that came during an upgrade's hand-off: the service group's stop began (it reaches
    /// the server later), or it reached the server (it runs once the hand-off is abandoned).
    enum Stop: Equatable {
        case coming
        case asked
    }

    /// Whether it serves as it does from the start: a deadline advances, a stop may begin.
    var serves: Bool {
        switch self {
        case .serving, .checkingUpgrade, .stopComing: return true
        case .handingOff, .handedOver, .stopping: return false
        }
    }

    /// Whether requests are read: not while connections are being handed over.
    var readsRequests: Bool { serves || self == .stopping }

    /// Whether a connection that closes here lives on in the next process (only this
    /// process's copy of it closes).
    var keepsConnections: Bool {
        switch self {
        case .handingOff, .handedOver: return true
        case .serving, .checkingUpgrade, .stopComing, .stopping: return false
        }
    }

    /// Whether the socket path must stay at exit: the next process serves it.
    var keepsSocket: Bool { self == .handedOver }

}
