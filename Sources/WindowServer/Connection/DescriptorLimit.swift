import Glibc

/// The process's open-file limit (`RLIMIT_NOFILE`), read and raised.
enum DescriptorLimit {
    /// Raises the soft limit to what `maxClients` clients need (up to the hard limit) and returns
    /// the budget in force afterwards. The limit is never lowered: a reload that asks for fewer
    /// clients keeps the descriptors already there.
    static func provide(forClients maxClients: Int) -> DescriptorBudget {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else {
            // Unknown: serve max_clients and let accept's own errors speak.
            return DescriptorBudget(maxClients: maxClients, soft: .max, hard: .max)
        }
        let current = DescriptorBudget(
            maxClients: maxClients,
            soft: clamped(limit.rlim_cur),
            hard: clamped(limit.rlim_max)
        )
        let wanted = current.wantedSoftLimit
        guard wanted > current.soft else { return current }
        limit.rlim_cur = rlim_t(wanted)
        guard setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return current }
        return DescriptorBudget(maxClients: maxClients, soft: wanted, hard: current.hard)
    }

    /// A limit as an `Int`; `RLIM_INFINITY` and anything past `Int.max` as `Int.max`.
    private static func clamped(_ value: rlim_t) -> Int {
        value >= rlim_t(Int.max) ? .max : Int(value)
    }
}
