/// How many clients the process's open-file limit (`RLIMIT_NOFILE`) lets the daemon serve, and
/// the soft limit to ask for so that it serves `max_clients` (windowd.toml(5), `max_clients`).
///
/// Every client is one descriptor; the daemon's own are counted once, here, as ``reserve``.
/// Connections past ``clients`` are refused with `limit_exceeded` while descriptors are still
/// free, so that `accept(2)` never meets `EMFILE` (ARCHITECTURE.md, "Descriptors").
struct DescriptorBudget: Equatable {
    /// The descriptors kept for the daemon itself: standard streams, the state lock, SQLite's
    /// database, WAL and shared memory, the listening socket, the event loop's epoll, eventfd and
    /// timerfd, the notify socket, the hand-off file, the thread pool's and libdispatch's, the
    /// pipes of up to 16 launches and of `validate_command` in flight, and a margin. An idle
    /// daemon holds 22; the rest is for what runs for a moment.
    static let reserve = 64

    /// `max_clients`.
    let maxClients: Int
    /// The soft limit in force.
    let soft: Int
    /// The hard limit: the most an unprivileged process may raise its soft limit to.
    let hard: Int

    /// The soft limit that serves `max_clients` with the reserve, never above the hard limit
    /// and never below the soft limit already in force.
    var wantedSoftLimit: Int {
        max(soft, min(hard, maxClients + Self.reserve))
    }

    /// The clients served at once: `max_clients`, or fewer when the soft limit leaves no room.
    var clients: Int {
        min(maxClients, max(0, soft - Self.reserve))
    }

    /// Whether the limit lets the daemon serve every client `max_clients` allows.
    var servesMaxClients: Bool { clients == maxClients }
}
