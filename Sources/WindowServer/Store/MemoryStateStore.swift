import Synchronization
package import WindowEngine
import WindowProtocol

/// The in-memory twin of the SQLite store, for tests: same protocol, same semantics, no disk.
package final class MemoryStateStore: StateStore {
    private let state: Mutex<StoredState>
    private let refusal = Mutex<String?>(nil)

    /// A store holding `initial`, as if a previous daemon had committed it.
    package init(_ initial: StoredState = StoredState()) {
        state = Mutex(initial)
    }

    /// What is stored now.
    package var snapshot: StoredState { state.withLock { $0 } }

    /// The current ``snapshot``: a load sees every commit that has completed.
    package func load() async throws -> StoredState { snapshot }

    /// Makes every commit fail with `reason`, as a full or read-only disk does, until called with `nil`.
    package func refuseCommits(_ reason: String?) {
        refusal.withLock { $0 = reason }
    }

    /// A commit refused by ``refuseCommits(_:)``.
    package struct Refused: Error, CustomStringConvertible {
        /// The reason given.
        package var description: String
    }

    /// Applies `changes` at once and calls `completion` with success before returning; fails,
    /// applying nothing, while ``refuseCommits(_:)`` says so.
    package func commit(_ changes: [StateChange], completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        if let reason = refusal.withLock({ $0 }) {
            return completion(.failure(Refused(description: reason)))
        }
        state.withLock { state in
            for change in changes { state.apply(change) }
        }
        completion(.success(()))
    }

    /// Nothing to close in memory.
    package func close() async {}

    /// Nothing to sync or compact in memory; `completion` succeeds at once.
    package func maintain(_ level: MaintenanceLevel, completion: @escaping @Sendable (Result<Void, any Error>) -> Void)
    {
        completion(.success(()))
    }
}

extension StoredState {
    /// Applies one change, as the SQLite store's SQL does.
    mutating func apply(_ change: StateChange) {
        switch change {
        case .windowCreated(let window):
            windows.removeAll { $0.id == window.id }
            windows.append(window)
        case .windowClosed(let id):
            windows.removeAll { $0.id == id }
            storage.removeValue(forKey: id)
        case .windowAttached(let id, let at, let presenter, let place):
            guard let index = windows.firstIndex(where: { $0.id == id }) else { return }
            windows[index].lastAttachedAt = at
            windows[index].presenter = presenter
            windows[index].place = place
        case .windowActive(let id, let at, let active):
            guard let index = windows.firstIndex(where: { $0.id == id }) else { return }
            windows[index].lastActiveAt = at
            windows[index].active = active
        case .storageSet(let id, let key, let value):
            if windows.contains(where: { $0.id == id }) { storage[id, default: [:]][key] = value }
        case .storageRemoved(let id, let key):
            storage[id]?.removeValue(forKey: key)
        case .sessionSaved(let session):
            self.session = session
        case .sessionCleared:
            session = nil
        }
    }
}
