package import WindowEngine

/// Durable state behind one protocol: the SQLite store in production, ``MemoryStateStore`` in tests.
package protocol StateStore: AnyObject, Sendable {
    /// Everything stored.
    func load() async throws -> StoredState

    /// Commits `changes` in one transaction and then calls `completion`, on any thread.
    func commit(_ changes: [StateChange], completion: @escaping @Sendable (Result<Void, any Error>) -> Void)

    /// Moves committed data further towards the disk and gives memory back.
    func maintain(_ level: MaintenanceLevel, completion: @escaping @Sendable (Result<Void, any Error>) -> Void)

    /// Closes the store at exit, once everything committed is on disk; nothing may be committed after.
    func close() async throws
}

/// How much maintenance to do, from the aggregate phase's central reaction.
package enum MaintenanceLevel: Sendable {
    /// `inactive`: make sure everything acknowledged is on disk.
    case sync
    /// `background`: compact storage and release caches.
    case compact
}
