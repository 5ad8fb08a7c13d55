package import Logging
import NIOPosix
import ServiceLifecycle
import WindowEngine

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The first service: opens the state store, restores what it holds (validated against the
/// config, windowd(8), State), hands it on (`whenRestored` starts the socket server with it), and
/// closes it last, after the server has answered and committed everything.
package final class StateStoreService: Service, Sendable {
    private let config: DaemonConfig
    private let directory: String
    private let lock: (any StoreLock)?
    private let logger: Logger
    private let whenRestored: @Sendable (RestoredState) async -> Void

    /// What the store held at start, checked against the config.
    package struct RestoredState: Sendable {
        let store: any StateStore
        /// Windows that passed validation, detached and `background`, registered.
        let windows: WindowRegistry
        /// The stored session, validated later, before it is applied.
        let session: Session?
    }

    /// A service that opens the state store in `directory` and restores it for `config`'s groups.
    ///
    /// - Parameters:
    ///   - directory: where the SQLite state lives (durability and damage policy from `config`).
    ///   - lock: the directory's lock, which the store takes again if it is removed under the daemon.
    ///   - whenRestored: what is done with the restored state, once: windowd adds the socket
    ///     server that serves it to the service group.
    package init(
        config: DaemonConfig,
        directory: String,
        lock: (any StoreLock)? = nil,
        logger: Logger,
        whenRestored: @escaping @Sendable (RestoredState) async -> Void
    ) {
        self.config = config
        self.directory = directory
        self.lock = lock
        self.logger = logger
        self.whenRestored = whenRestored
    }

    /// Opens and restores the store, hands it on, then keeps it open until graceful shutdown or
    /// cancellation and closes it last; a store that will not open fails the group, before any
    /// socket is bound.
    package func run() async throws {
        let (store, restored) = try await open()
        await whenRestored(restored)
        // Closed on every path: a graceful shutdown, or the group cancelled by another service's failure.
        try? await gracefulShutdown()
        do {
            try await store.close()
        } catch {
            logger.warning("cannot close the state database", metadata: ["error": "\(error)"])
        }
    }

    private func open() async throws -> (SQLiteStateStore, RestoredState) {
        let policy: SQLiteStateStore.DamagePolicy = config.state.onDamage == .refuse ? .refuse : .moveAside
        let (directory, fullSync, lock, logger) = (
            self.directory, config.state.durability == .full, self.lock, self.logger
        )
        let (store, movedAside) = try await SQLiteStateStore.openOnItsThread(
            directory: directory,
            fullSync: fullSync,
            onDamage: policy,
            lock: lock,
            logger: logger
        )
        if let movedAside {
            logger.error(
                "the state database was damaged or foreign; moved it aside and started fresh",
                metadata: [
                    "moved_to": "\(movedAside.path)", "reason": "\(movedAside.reason)",
                ]
            )
        }
        let stored = try await store.load()
        let groups = Dictionary(uniqueKeysWithValues: config.windowGroups.map { ($0.id, $0) })
        // An expired (or absent) session is not restored: the windows that need a user go now,
        // before the socket serves anyone (a session refused by validate_command: see WindowDaemon.start).
        let now = Date().timeIntervalSince1970
        // A presenter kept from before that is gone is not awaited back (shown, or refused beside).
        let probe: PresenterProcess.Probe = WindowDaemon.state(of:)
        let (kept, dropped, changes) = RestoreValidator.validate(stored, groups: groups, now: now, probe: probe)
        for (id, reason) in dropped {
            logger.notice("dropped a stored window", metadata: ["window.id": "\(id)", "reason": "\(reason)"])
        }
        if !changes.isEmpty {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                store.commit(changes) { continuation.resume(with: $0) }
            }
        }
        logger.info(
            "restored",
            metadata: [
                "windows": "\(kept.count)", "dropped": "\(dropped.count)",
                "session": "\(stored.session?.user ?? "none")",
            ]
        )
        return (store, RestoredState(store: store, windows: kept, session: stored.session))
    }
}
