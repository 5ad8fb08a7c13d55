import CGlibcExtensions
import Foundation
import GRDB
package import Logging
import NIOPosix
import Synchronization
package import WindowEngine
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The state store on disk: SQLite through GRDB, a `DatabasePool` in WAL mode, one
/// transaction per commit batch. `synchronous = NORMAL` survives a killed daemon;
/// `FULL` (durability = "full") survives power loss.
///
/// Every read and write after opening runs on one thread of the store's own, through GRDB's
/// synchronous API, in the order asked: GRDB's asynchronous API would run them on Dispatch
/// worker threads, which libdispatch starts with a `setpriority` that the systemd unit's
/// system call filter refuses (and logs).
///
/// Before each commit the store checks that its files are still where it opened them (two
/// `stat`s): a state directory, database or lock file removed or replaced under the daemon is
/// noticed before the next change is acknowledged. It then takes a new lock, writes the whole
/// committed state (still readable through the open, unlinked files) to a new database at the
/// same path, logs it, and commits there; where it cannot, the commit fails and the change is
/// refused, as when the disk is full (windowd(8), "State").
package final class SQLiteStateStore: StateStore {
    /// The database file.
    package let path: String
    private let thread: NIOThreadPool
    /// The database committed to, and the file it was opened as; used on the store's thread only.
    private let home: Mutex<Home>
    /// The lock of the state directory, checked with the database.
    private let lock: (any StoreLock)?
    private let fullSync: Bool
    private let logger: Logger
    /// The writer's map from window id to order; used on the store's thread only.
    private let orders = Mutex<StoreWriter.Orders?>(nil)

    /// The open database and the file (device and inode) it was opened as.
    private struct Home {
        var pool: DatabasePool
        var file: FileIdentity?
        /// Databases left for a new one: kept open, as the store's database is until the process
        /// ends (see ``close()``), on their removed files.
        var retired: [DatabasePool] = []
    }

    /// What to do with a database that cannot be used.
    package enum DamagePolicy: String, Sendable {
        /// Rename it with a timestamp, log where, and start fresh.
        case moveAside = "move-aside"
        /// Refuse to start.
        case refuse
    }

    /// A damaged file moved aside: its new name, and what was wrong with it.
    package struct MovedAside: Sendable {
        /// Where it is now, `windowd.sqlite.damaged-TIMESTAMP`.
        package var path: String
        /// Why it could not be used.
        package var reason: String
    }

    /// Opens (creating if needed) `windowd.sqlite` in `directory`. A damaged or foreign file (an
    /// empty one included) is moved aside under `policy = moveAside`, and its new name returned.
    ///
    /// - Parameters:
    ///   - lock: the directory's lock, checked (and taken again) with the database before each commit.
    ///   - logger: where a database or lock written again is logged.
    package static func open(
        directory: String,
        fullSync: Bool,
        onDamage policy: DamagePolicy,
        lock: (any StoreLock)? = nil,
        logger: Logger = Logger(label: "windowd.store")
    ) throws(StoreOpeningError) -> (store: SQLiteStateStore, movedAside: MovedAside?) {
        try open(directory: directory, fullSync: fullSync, onDamage: policy, lock: lock, logger: logger, thread: nil)
    }

    /// ``open(directory:fullSync:onDamage:lock:logger:)`` for a store that keeps `thread`, when
    /// it is made already (``openOnItsThread(directory:fullSync:onDamage:lock:logger:)``).
    private static func open(
        directory: String,
        fullSync: Bool,
        onDamage policy: DamagePolicy,
        lock: (any StoreLock)?,
        logger: Logger,
        thread: NIOThreadPool?
    ) throws(StoreOpeningError) -> (store: SQLiteStateStore, movedAside: MovedAside?) {
        try makeDirectory(directory)
        let path = directory + "/windowd.sqlite"
        func store(_ pool: DatabasePool) -> SQLiteStateStore {
            SQLiteStateStore(path: path, pool: pool, lock: lock, fullSync: fullSync, logger: logger, thread: thread)
        }
        do {
            return (store(try openPool(path: path, fullSync: fullSync)), nil)
        } catch {
            switch error {
            case .damaged, .newerSchema:
                guard policy == .moveAside else { throw error }
                let aside = path + ".damaged-" + timestamp()
                for suffix in ["", "-wal", "-shm"] where access(path + suffix, F_OK) == 0 {
                    guard rename(path + suffix, aside + suffix) == 0 else {
                        throw .directory(
                            path: directory,
                            detail: "cannot move \(path + suffix) aside: \(String(cString: strerror(errno)))"
                        )
                    }
                }
                return (
                    store(try openPool(path: path, fullSync: fullSync)), MovedAside(path: aside, reason: error.detail)
                )
            case .directory:
                throw error
            }
        }
    }

    /// Opens the store as ``open(directory:fullSync:onDamage:lock:logger:)`` does, on the
    /// thread it then keeps for every read and write: opening checks and migrates the database
    /// (file I/O, not for Swift concurrency's threads), and no other thread is started for it.
    package static func openOnItsThread(
        directory: String,
        fullSync: Bool,
        onDamage policy: DamagePolicy,
        lock: (any StoreLock)?,
        logger: Logger
    ) async throws -> (store: SQLiteStateStore, movedAside: MovedAside?) {
        let thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        do {
            return try await thread.runIfActive {
                try open(
                    directory: directory,
                    fullSync: fullSync,
                    onDamage: policy,
                    lock: lock,
                    logger: logger,
                    thread: thread
                )
            }
        } catch {
            try? await thread.shutdownGracefully()
            throw error
        }
    }

    /// A store over `pool`, with `thread` or a thread of its own (started only for a database that opened).
    private init(
        path: String,
        pool: DatabasePool,
        lock: (any StoreLock)?,
        fullSync: Bool,
        logger: Logger,
        thread: NIOThreadPool?
    ) {
        self.path = path
        home = Mutex(Home(pool: pool, file: FileIdentity(path: path)))
        self.lock = lock
        self.fullSync = fullSync
        self.logger = logger
        if let thread {
            self.thread = thread
        } else {
            self.thread = NIOThreadPool(numberOfThreads: 1)
            self.thread.start()
        }
    }

    /// The database committed to now.
    private var pool: DatabasePool { home.withLock { $0.pool } }

    /// How every connection of the store is set up.
    private static func configuration(fullSync: Bool) -> Configuration {
        var configuration = Configuration()
        configuration.label = "windowd.state"
        // Release reader memory in place: closing reader connections happens on Dispatch threads.
        configuration.persistentReadOnlyConnections = true
        // A connection of this process's closing (the last one checkpoints) holds the file for a moment.
        configuration.busyMode = .timeout(5)
        let synchronous = fullSync ? "FULL" : "NORMAL"
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(synchronous)")
        }
        return configuration
    }

    /// Opens, checks and migrates the database at `path`.
    private static func openPool(path: String, fullSync: Bool) throws(StoreOpeningError) -> DatabasePool {
        try refuseEmptyFile(path)
        do {
            let pool = try DatabasePool(path: path, configuration: configuration(fullSync: fullSync))
            let migrator = StoreSchema.migrator
            let (applied, check) = try pool.read { db in
                (try migrator.appliedIdentifiers(db), try String.fetchOne(db, sql: "PRAGMA quick_check") ?? "no answer")
            }
            let unknown = applied.subtracting(migrator.migrations)
            guard unknown.isEmpty else { throw StoreOpeningError.newerSchema(path: path, unknown: unknown.sorted()) }
            guard check == "ok" else { throw StoreOpeningError.damaged(path: path, detail: "quick_check: \(check)") }
            try pool.writeWithoutTransaction(giveSpaceBackAsItFrees)
            try migrator.migrate(pool)
            return pool
        } catch let error as StoreOpeningError {
            throw error
        } catch let error as DatabaseError where [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
            throw .damaged(path: path, detail: error.message ?? "\(error.resultCode)")
        } catch {
            throw .directory(path: path, detail: "\(error)")
        }
    }

    deinit {
        // Only tests let a store go: the daemon closes its one at exit.
        thread.shutdownGracefully { _ in }
    }

    /// Reads everything in one read transaction, windows in creation order; a row whose id is not a
    /// UUID or whose storage value is not JSON is skipped, for restore to carry on without it.
    package func load() async throws -> StoredState {
        return try await thread.runIfActive { [self] in
            let state = try Self.read(pool)
            // The writer's map from what was read, next on this thread, while restore goes on.
            thread.submit { [self] _ in
                self.orders.withLock { orders in
                    guard orders == nil else { return }
                    var map = StoreWriter.Orders(minimumCapacity: state.windows.count)
                    for window in state.windows { map[window.id] = Int64(bitPattern: window.order) }
                    orders = map
                }
            }
            return state
        }
    }

    private static func read(_ pool: DatabasePool) throws -> StoredState {
        try pool.read(StoredStateReader.read)
    }

    /// Writes `changes` in one transaction on the store's own thread; `completion` runs once it is
    /// committed (on disk as far as `durability` promises) or failed.
    package func commit(_ changes: [StateChange], completion: @escaping @Sendable (Result<Void, any Error>) -> Void) {
        thread.submit { [self] state in
            guard case .active = state else { return completion(.failure(CancellationError())) }
            completion(
                Result {
                    let pool = try self.poolWhereItBelongs()
                    do {
                        try self.orders.withLock { orders in try StoreWriter.commit(changes, to: pool, orders: &orders)
                        }
                    } catch {
                        // A full disk: the write-ahead log may hold the room the transaction needs (SQLite
                        // checkpoints it on its own only at 1,000 pages, more than a small disk has).
                        // Move it into the database and truncate it, then try once more: a retry
                        // succeeds once the disk takes writes (windowd-protocol(7), "Limits").
                        guard (try? Self.checkpoint(pool)) != nil else { throw error }
                        try self.orders.withLock { orders in try StoreWriter.commit(changes, to: pool, orders: &orders)
                        }
                    }
                    try Self.giveBackFreePages(pool)
                    self.keepRoomForCheckpoint(pool)
                }
            )
        }
    }

    /// Makes the database one that can give its free pages back to the file system
    /// (`auto_vacuum = INCREMENTAL`): set before the first table in a new database, by one
    /// `VACUUM` in one written before (which kept every page it ever held: 44.6 MB after 100,000
    /// windows closed).
    private static func giveSpaceBackAsItFrees(_ db: Database) throws {
        guard try Int.fetchOne(db, sql: "PRAGMA auto_vacuum") != 2 else { return }
        try db.execute(sql: "PRAGMA auto_vacuum = INCREMENTAL")
        guard try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") ?? 0 > 0 else { return }
        try db.execute(sql: "VACUUM; PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Once a quarter of the database's pages, and at least 1 MiB, are free (windows closed with
    /// their storage), gives them back: the file shrinks at the checkpoint that follows, and
    /// the process's heap, which held the closed windows, goes back to the system too.
    private static func giveBackFreePages(_ pool: DatabasePool) throws {
        let shrunk = try pool.writeWithoutTransaction { db in
            let free = try Int.fetchOne(db, sql: "PRAGMA freelist_count") ?? 0
            guard free >= 256, free * 4 >= (try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0) else { return false }
            try db.execute(sql: "PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE)")
            return true
        }
        if shrunk { malloc_trim(0) }
    }

    /// Checkpoints (TRUNCATE) once the disk has less room left than the write-ahead log holds.
    /// A checkpoint needs room for the database file to take the log's pages; SQLite's own comes
    /// at 1,000 pages (4 MiB), and on a small disk the log would fill it first, for good: every
    /// later commit, and every checkpoint, would fail. Two `stat`s per commit.
    private func keepRoomForCheckpoint(_ pool: DatabasePool) {
        var disk = statvfs()
        var log = stat()
        guard statvfs(path, &disk) == 0, stat(path + "-wal", &log) == 0 else { return }
        if UInt64(disk.f_bavail) * UInt64(disk.f_frsize) < UInt64(log.st_size) {
            try? Self.checkpoint(pool)
        }
    }

    /// Moves the write-ahead log into the database file and truncates it.
    private static func checkpoint(_ pool: DatabasePool) throws {
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The database to commit to: the open one while its file and the lock are where they were
    /// opened; else, first, a new lock and the whole committed state in a new database at the
    /// same path. Runs on the store's thread.
    ///
    /// - Throws: ``StoreOpeningError/directory(path:detail:)`` when the lock cannot be taken again
    ///   or the database cannot be written again; the commit fails, and the next one tries again.
    private func poolWhereItBelongs() throws(StoreOpeningError) -> DatabasePool {
        let (pool, file) = home.withLock { ($0.pool, $0.file) }
        let lockHeld = lock?.isHeld ?? true
        let databaseThere = file != nil && FileIdentity(path: path) == file
        if lockHeld && databaseThere { return pool }
        if let lock, !lockHeld {
            do {
                try lock.retake()
            } catch {
                throw .directory(
                    path: path,
                    detail: "its lock file was removed or replaced, and it cannot be taken again: \(error)"
                )
            }
            logger.warning(
                "the state directory's lock file was removed or replaced; took a new lock",
                metadata: ["database": "\(path)"]
            )
        }
        if databaseThere { return pool }
        let written = try Self.copy(pool, to: path, fullSync: fullSync)
        home.withLock { $0 = Home(pool: written, file: FileIdentity(path: path), retired: $0.retired + [pool]) }
        logger.warning(
            "the state database was removed or replaced under windowd; wrote the whole state to a new one",
            metadata: ["database": "\(path)"]
        )
        return written
    }

    /// Writes everything `pool` holds to a new database at `path` (its directory made again if
    /// needed, whatever is at the path replaced) and returns it, open.
    private static func copy(
        _ pool: DatabasePool,
        to path: String,
        fullSync: Bool
    ) throws(StoreOpeningError) -> DatabasePool {
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)])
        try makeDirectory(directory)
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        do {
            let written = try DatabasePool(path: path, configuration: configuration(fullSync: fullSync))
            do {
                try pool.backup(to: written)
            } catch {
                try? written.close()
                for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
                throw error
            }
            return written
        } catch {
            throw .directory(path: directory, detail: "cannot write the state to a new database \(path): \(error)")
        }
    }

    /// `sync` checkpoints the write-ahead log in full; `compact` also gives free pages back to the
    /// file system, truncates the log and gives SQLite's caches and the process's free heap back.
    /// Like a commit, it first checks that the files are where they were opened, and writes
    /// them again if not: a hand-off syncs before the next process opens the path.
    package func maintain(_ level: MaintenanceLevel, completion: @escaping @Sendable (Result<Void, any Error>) -> Void)
    {
        thread.submit { [self] state in
            guard case .active = state else { return completion(.failure(CancellationError())) }
            completion(
                Result {
                    let pool = try poolWhereItBelongs()
                    try pool.writeWithoutTransaction { db in
                        switch level {
                        case .sync:
                            try db.execute(sql: "PRAGMA wal_checkpoint(FULL)")
                        case .compact:
                            try db.execute(sql: "PRAGMA incremental_vacuum; PRAGMA wal_checkpoint(TRUNCATE)")
                            db.releaseMemory()
                        }
                    }
                    if case .compact = level {
                        pool.releaseMemory()
                        malloc_trim(0)
                    }
                }
            )
        }
    }

    /// Closes the store at exit: checks, as before a commit, that its files are where they were
    /// opened (a state directory removed and then a stop would otherwise leave everything
    /// acknowledged only in unlinked files, lost at exit), then moves the write-ahead log into
    /// the database file, so that the file is complete on its own.
    ///
    /// The connections themselves stay open until the process ends: releasing them disposes
    /// GRDB's Dispatch queues, and that starts a Dispatch worker thread whose `setpriority` the
    /// systemd unit's filter refuses and libdispatch logs to the journal.
    ///
    /// Runs on the store's thread, after every commit asked for before it.
    package func close() async throws {
        try await thread.runIfActive { [self] in try Self.checkpoint(poolWhereItBelongs()) }
    }

    /// A zero-length file where the database is kept is damage, not a fresh start: a database
    /// that windowd created has its header on disk from the first open (WAL mode writes it), so
    /// an empty one was truncated or lost its content. A missing file is a fresh start.
    private static func refuseEmptyFile(_ path: String) throws(StoreOpeningError) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_size == 0 else { return }
        var wal = stat()
        let walBytes = stat(path + "-wal", &wal) == 0 ? Int(wal.st_size) : 0
        throw .damaged(
            path: path,
            detail: "the file is empty (0 bytes; \(walBytes) bytes of write-ahead log beside it): a database was here"
        )
    }

    /// A file as the kernel knows it: its device and inode, which a file put at the same path does not share.
    private struct FileIdentity: Equatable {
        var device: UInt64
        var inode: UInt64

        /// The file at `path`; `nil` if there is none.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    /// Creates `directory` and its parents (mode 0700) and checks that it is writable.
    package static func makeDirectory(_ directory: String) throws(StoreOpeningError) {
        var path = ""
        for component in directory.split(separator: "/", omittingEmptySubsequences: true) {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST {
                throw .directory(path: directory, detail: String(cString: strerror(errno)))
            }
        }
        guard access(directory, W_OK) == 0 else {
            throw .directory(path: directory, detail: "not writable: \(String(cString: strerror(errno)))")
        }
    }

    private static func timestamp() -> String {
        Date().ISO8601Format(
            .iso8601.year().month().day().dateSeparator(.omitted).time(includingFractionalSeconds: false).timeSeparator(
                .omitted
            )
        )
    }
}
