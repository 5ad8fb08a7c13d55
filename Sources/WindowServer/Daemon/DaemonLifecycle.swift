/// Where the daemon is in its life, as one value: whether it reads requests, whether a closed
/// connection is gone for good or stays with the next process, whether the socket stays.
enum DaemonLifecycle: Equatable {
    /// Listening and serving.
    case serving
    /// A graceful restart began: reading stopped, what was read is being answered and committed.
    case handingOff(HandOffReason)
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

    /// Whether requests are read: not while connections are being handed over.
    var readsRequests: Bool {
        switch self {
        case .serving, .stopping: return true
        case .handingOff, .handedOver: return false
        }
    }

    /// Whether a connection that closes here lives on in the next process (only this
    /// process's copy of it closes).
    var keepsConnections: Bool {
        switch self {
        case .handingOff, .handedOver: return true
        case .serving, .stopping: return false
        }
    }

    /// Whether the socket path must stay at exit: the next process serves it.
    var keepsSocket: Bool { self == .handedOver }
}
