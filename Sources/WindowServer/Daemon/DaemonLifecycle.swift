/// Where the daemon is in its life, as one value: whether it reads requests, whether a closed
/// connection is gone for good or stays with the next process, whether the socket stays, and
/// what a stop or an upgrade asked for now does.
enum DaemonLifecycle: Equatable {
    /// Listening and serving.
    case serving
    /// A graceful restart began: reading stopped, what was read is being answered and committed.
    /// `stopRequested`: a stop (SIGTERM) came during an upgrade's hand-off; it runs once the
    /// hand-off is abandoned, instead of the exec.
    case handingOff(HandOffReason, stopRequested: Bool = false)
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

    /// What a stop asked for now does.
    enum StopAction: Equatable {
        /// Stop (or hand over to the service manager) now.
        case now
        /// An upgrade is handing off: it stops instead of exec'ing, once its hand-off is ready.
        case afterUpgrade
        /// A stop or a restart's hand-off is already under way: nothing more to do.
        case alreadyUnderWay
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

    /// Begins a hand-off for `reason`; only from `serving` (a second SIGUSR2, or one during a
    /// stop, changes nothing).
    mutating func beginHandOff(_ reason: HandOffReason) -> Bool {
        guard self == .serving else { return false }
        self = .handingOff(reason)
        return true
    }

    /// A stop (SIGTERM, SIGINT) is asked for.
    mutating func requestStop() -> StopAction {
        switch self {
        case .serving:
            return .now
        case .handingOff(.upgrade, _):
            self = .handingOff(.upgrade, stopRequested: true)
            return .afterUpgrade
        case .handingOff(.restart, _), .handedOver, .stopping:
            return .alreadyUnderWay
        }
    }

    /// Whether an upgrade whose hand-off is ready goes on to exec: not when a stop came meanwhile.
    var execsUpgrade: Bool { self == .handingOff(.upgrade, stopRequested: false) }

    /// The hand-off did not happen: serving again. Returns whether a stop waits for this.
    mutating func abandonHandOff() -> Bool {
        let stopWaits = self == .handingOff(.upgrade, stopRequested: true)
        self = .serving
        return stopWaits
    }
}
