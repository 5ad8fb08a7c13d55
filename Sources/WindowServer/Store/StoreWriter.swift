import GRDB
import WindowEngine
import WindowProtocol

/// Writes changes into the schema whose windows are keyed by creation order (``StoreSchema/v2``),
/// finding a window's row through a map from id to order that lives beside the database.
///
/// The map is only used on the store's thread. It is built from the database when it is not
/// known (at the first commit, or from what ``SQLiteStateStore/load()`` read), changed with
/// each transaction, and dropped when a transaction fails, since the database rolled back.
enum StoreWriter {
    /// Each window's order, by id.
    typealias Orders = [WindowID: Int64]

    /// Writes `changes` in one transaction of `pool`, keeping `orders` in step.
    static func commit(_ changes: [StateChange], to pool: DatabasePool, orders: inout Orders?) throws {
        // Taken, not copied: a copy of 100,000 entries per commit would cost more than the commit.
        var map = orders.take()
        try pool.write { db in
            if map == nil { map = try StoredStateReader.orders(db) }
            for change in changes { try apply(change, in: db, orders: &map!) }
        }
        orders = map
    }

    private static func apply(_ change: StateChange, in db: Database, orders: inout Orders) throws {
        switch change {
        case .windowCreated(let window):
            try insert(window, in: db, orders: &orders)
        case .windowClosed(let id):
            // Its scene storage goes with it (ON DELETE CASCADE).
            guard let order = orders.removeValue(forKey: id) else { return }
            try db.cachedStatement(sql: "DELETE FROM window WHERE ord = ?").execute(arguments: [order])
        case .windowAttached(let id, let at, let presenter, let place):
            guard let order = orders[id] else { return }
            let placeText = try place.map { String(decoding: try JSONWriter.bytes($0), as: UTF8.self) }
            try db.cachedStatement(
                sql: "UPDATE window SET last_attached_at = ?, presenter = ?, place = ? WHERE ord = ?"
            ).execute(arguments: [at, presenter?.text, placeText, order])
        case .windowActive(let id, let at, let active):
            guard let order = orders[id] else { return }
            try db.cachedStatement(sql: "UPDATE window SET last_active_at = ?, active = ? WHERE ord = ?")
                .execute(arguments: [at, active, order])
        case .storageSet(let id, let key, let value):
            // Storage of a window that is not stored (closed in the meantime) is not kept.
            guard let order = orders[id] else { return }
            try db.cachedStatement(
                sql: """
                    INSERT INTO scene_storage (window_ord, key, value) VALUES (?, ?, ?)
                    ON CONFLICT (window_ord, key) DO UPDATE SET value = excluded.value
                    """
            ).execute(arguments: [order, key, value.jsonText])
        case .storageRemoved(let id, let key):
            guard let order = orders[id] else { return }
            try db.cachedStatement(sql: "DELETE FROM scene_storage WHERE window_ord = ? AND key = ?").execute(
                arguments: [order, key])
        case .sessionSaved(let session):
            try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO session (id, user, issued_at, expires_at) VALUES (1, ?, ?, ?)"
            )
            .execute(arguments: [session.user, session.issuedAt, session.expiresAt])
        case .sessionCleared:
            try db.cachedStatement(sql: "DELETE FROM session").execute()
        }
    }

    /// Stores a new window; one stored again replaces its earlier row, and so does a window of the
    /// same order (which only a store older than unique orders can hold).
    private static func insert(_ window: StoredWindow, in db: Database, orders: inout Orders) throws {
        let order = Int64(bitPattern: window.order)
        if let earlier = orders.removeValue(forKey: window.id) {
            try db.cachedStatement(sql: "DELETE FROM window WHERE ord = ?").execute(arguments: [earlier])
        }
        let arguments: StatementArguments = [
            order, window.id.rawValue, window.group, databaseValue(window.value),
            window.createdAt, window.lastAttachedAt,
        ]
        let statement = try db.cachedStatement(sql: insertSQL)
        do {
            try statement.execute(arguments: arguments)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            guard let holder = try String.fetchOne(db, sql: "SELECT id FROM window WHERE ord = ?", arguments: [order])
            else { throw error }
            WindowID(holder).map { _ = orders.removeValue(forKey: $0) }
            try db.execute(sql: "DELETE FROM window WHERE ord = ?", arguments: [order])
            // A fresh statement: the cached one keeps its failure until it is reset.
            try db.execute(sql: insertSQL, arguments: arguments)
        }
        orders[window.id] = order
    }

    private static let insertSQL =
        "INSERT INTO window (ord, id, grp, value, created_at, last_attached_at) VALUES (?, ?, ?, ?, ?, ?)"

    private static func databaseValue(_ value: JSONValue) -> DatabaseValue {
        switch value {
        case .int(let number): return number.databaseValue
        case .string(let text): return text.databaseValue
        default: return .null
        }
    }
}
