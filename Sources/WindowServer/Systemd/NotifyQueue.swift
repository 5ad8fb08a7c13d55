/// What ``NotifySender`` still has to send, and which message goes next: the sender's pure
/// part, with no socket, thread or clock of its own.
///
/// While the manager reads, the queue holds a message for a moment. While it does not, messages
/// wait here (never in the event loop) and are coalesced, so that what waits stays small and the
/// manager, once it reads again, learns the present rather than the history:
/// - STATUS: the latest wins. A STATUS replaces the ones pending since the last state change; a
///   READY, STOPPING or start failure that carries its own STATUS replaces them as well.
/// - READY, RELOADING, STOPPING and a start failure keep their order, relative to each other and
///   to STATUS. A READY (STOPPING, start failure) right after a pending one of the same kind
///   replaces it. A RELOADING replaces a reload the manager has not heard of yet (RELOADING, and
///   the READY that ended it): the newer `MONOTONIC_USEC=` is what the manager orders a reload
///   by; the latest status that reload carried stays, as a STATUS.
/// - The fd store: in order. Removing a name whose store is still pending cancels both (the
///   store comes back so that its descriptor is closed): nothing of it ever reached the manager.
///   That holds because a name is stored at most once before it is removed; windowd's names
///   (process instance and connection number) are, and the hand-off state's fixed name is
///   removed at start and stored at stop.
/// - WATCHDOG=1: at most one pending, sent before anything else, and only while it is valid. The
///   event loop asks for a ping each period; one still unsent a period later is dropped, since a
///   running loop would have asked again by then: a late ping must not vouch for a stuck loop.
struct NotifyQueue: Sendable {
    private var pending: [NotifyMessage] = []
    private var ping: Ping?

    /// A requested `WATCHDOG=1`, and until when it may still be sent.
    private enum Ping {
        case until(ContinuousClock.Instant)
        case untilSent
    }

    /// Whether nothing waits to be sent.
    var isEmpty: Bool { pending.isEmpty && ping == nil }

    /// How many messages wait, a requested ping included.
    var count: Int { pending.count + (ping == nil ? 0 : 1) }

    /// Asks for one `WATCHDOG=1`, to be sent no later than `deadline`; replaces an earlier request.
    mutating func requestWatchdogPing(validUntil deadline: ContinuousClock.Instant) {
        ping = .until(deadline)
    }

    /// Queues `message` and returns the pending messages it supersedes, which will never be
    /// sent (the caller closes the descriptors they carry).
    ///
    /// `.watchdog` asks for a ping with no deadline; the event loop's pings go through
    /// ``requestWatchdogPing(validUntil:)``.
    @discardableResult
    mutating func enqueue(_ message: NotifyMessage) -> [NotifyMessage] {
        var superseded: [NotifyMessage] = []
        switch message {
        case .watchdog:
            ping = .untilSent
            return []
        case .removeDescriptors(let name):
            let stores = pending.filter { $0.storedName == name }
            if !stores.isEmpty {
                pending.removeAll { $0.storedName == name }
                return stores
            }
        case .storeDescriptor:
            break
        case .status:
            superseded = removeStatusesSinceLastStateChange()
        case .ready, .reloading, .stopping, .startFailed:
            superseded = supersede(by: message)
        }
        pending.append(message)
        return superseded
    }

    /// The message to send now: a valid ping first, else the oldest pending one; `nil` when none.
    mutating func next(now: ContinuousClock.Instant) -> NotifyMessage? {
        if let requested = ping {
            ping = nil
            switch requested {
            case .untilSent:
                return .watchdog
            case .until(let deadline) where now <= deadline:
                return .watchdog
            case .until:
                break
            }
        }
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    /// Makes room for the state change `message`: removes what it makes obsolete, and returns that.
    private mutating func supersede(by message: NotifyMessage) -> [NotifyMessage] {
        var removed = message.statusText == nil ? [] : removeStatusesSinceLastStateChange()
        let changes = pending.indices.filter { pending[$0].stateChange != nil }
        guard let last = changes.last else { return removed }
        if message.stateChange == .reloading {
            let kinds = changes.suffix(2).map { pending[$0].stateChange }
            if kinds.last == .reloading {
                removed += removeUnheardReload(from: last)
            } else if kinds == [.reloading, .ready] {
                removed += removeUnheardReload(from: changes[changes.count - 2])
            }
        } else if pending[last].stateChange == message.stateChange,
            message.statusText != nil || pending[last].statusText == nil
        {
            removed.append(pending.remove(at: last))
        }
        return removed
    }

    /// Removes the state changes and statuses from `start` (a pending RELOADING) on, keeping the
    /// fd store's messages, and the latest status among them as a STATUS.
    private mutating func removeUnheardReload(from start: Int) -> [NotifyMessage] {
        let span = pending[start...]
        let latestStatus = span.last { $0.statusText != nil }?.statusText
        let removed = span.filter { !$0.isFDStoreMessage }
        pending = Array(pending[..<start]) + span.filter(\.isFDStoreMessage)
        guard let latestStatus else { return removed }
        return removed + enqueue(.status(latestStatus))
    }

    /// Removes the STATUS messages pending since the last state change, and returns them.
    private mutating func removeStatusesSinceLastStateChange() -> [NotifyMessage] {
        let start = pending.lastIndex { $0.stateChange != nil }.map { $0 + 1 } ?? 0
        let removed = pending[start...].filter(\.isStatus)
        pending = Array(pending[..<start]) + pending[start...].filter { !$0.isStatus }
        return removed
    }
}

extension NotifyMessage {
    /// Whether this is a STATUS alone.
    fileprivate var isStatus: Bool {
        if case .status = self { return true }
        return false
    }

    /// The name a pending `FDSTORE=1` stores its descriptor under.
    fileprivate var storedName: String? {
        if case .storeDescriptor(_, let name) = self { return name }
        return nil
    }

    /// Whether this is `FDSTORE=1` or `FDSTOREREMOVE=1`.
    fileprivate var isFDStoreMessage: Bool {
        switch self {
        case .storeDescriptor, .removeDescriptors: true
        default: false
        }
    }
}
