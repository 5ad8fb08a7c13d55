/// One message for the service manager, as ``NotifySender`` queues it: one datagram each.
enum NotifyMessage: Sendable, Equatable {
    /// `READY=1` with `STATUS=`.
    case ready(status: String)
    /// `STATUS=` alone.
    case status(String)
    /// `RELOADING=1` with the `MONOTONIC_USEC=` of the moment the reload began.
    case reloading(monotonicMicroseconds: UInt64)
    /// `STOPPING=1`, with `STATUS=` when a text is given.
    case stopping(status: String?)
    /// `ERRNO=` and/or `EXIT_STATUS=` with `STATUS=`.
    case startFailed(errno: Int32?, exitStatus: Int32?, status: String)
    /// `WATCHDOG=1`.
    case watchdog
    /// `FDSTORE=1` with `FDNAME=`, carrying a descriptor the sender owns and closes once sent.
    case storeDescriptor(Int32, name: String)
    /// `FDSTOREREMOVE=1` with `FDNAME=`.
    case removeDescriptors(name: String)

    /// The kinds of state change that the manager must see in the order they happened.
    enum StateChange: Equatable {
        case ready, reloading, stopping, startFailed
    }

    /// The state change this message announces; `nil` for STATUS, the watchdog and the fd store.
    var stateChange: StateChange? {
        switch self {
        case .ready: .ready
        case .reloading: .reloading
        case .stopping: .stopping
        case .startFailed: .startFailed
        case .status, .watchdog, .storeDescriptor, .removeDescriptors: nil
        }
    }

    /// The `STATUS=` text the message carries, if any.
    var statusText: String? {
        switch self {
        case .ready(let status), .status(let status), .startFailed(_, _, let status): status
        case .stopping(let status): status
        case .reloading, .watchdog, .storeDescriptor, .removeDescriptors: nil
        }
    }

    /// The descriptor the message owns, if any.
    var descriptor: Int32? {
        guard case .storeDescriptor(let fd, _) = self else { return nil }
        return fd
    }

    /// The datagram's text, for every message but the fd store's (which ``FileDescriptorStore`` sends).
    var state: String {
        switch self {
        case .ready(let status): NotifyState.ready(status: status)
        case .status(let text): NotifyState.status(text)
        case .reloading(let stamp): NotifyState.reloading(monotonicMicroseconds: stamp)
        case .stopping(let status): NotifyState.stopping(status: status)
        case .startFailed(let errno, let exitStatus, let status):
            NotifyState.startFailed(errno: errno, exitStatus: exitStatus, status: status)
        case .watchdog: NotifyState.watchdog
        case .storeDescriptor(_, let name): "FDSTORE=1\nFDNAME=\(name)"
        case .removeDescriptors(let name): "FDSTOREREMOVE=1\nFDNAME=\(name)"
        }
    }
}
