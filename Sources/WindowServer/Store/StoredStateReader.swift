import GRDB
import GRDBSQLite
import WindowEngine
import WindowProtocol

/// Reads everything the store holds, for restore: one pass over each table through raw
/// statement steps, text read straight from SQLite's buffers.
///
/// GRDB's `Row` cursor decoded each column through `DatabaseValueConvertible` and copied ids
/// twice; restoring 100,000 windows spent a third of its time in it.
enum StoredStateReader {
    /// The windows in creation order, their storage, and the session. A row whose id is not a
    /// UUID or whose storage value is not JSON is skipped, for restore to carry on without it.
    static func read(_ db: Database) throws -> StoredState {
        var state = StoredState()
        state.windows = try windows(db)
        state.storage = try storage(db)
        if let row = try Row.fetchOne(db, sql: "SELECT user, issued_at, expires_at FROM session WHERE id = 1") {
            state.session = Session(user: row[0], issuedAt: row[1], expiresAt: row[2])
        }
        return state
    }

    /// Every window, sorted by `ord` only if the table's order is not that already (it is as
    /// written: new windows get the next `ord` and the next rowid), which spares a sort.
    private static func windows(_ db: Database) throws -> [StoredWindow] {
        let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM window") ?? 0
        var windows: [StoredWindow] = []
        windows.reserveCapacity(count)
        var inOrder = true
        // Most windows share a few groups: one string per run of equal group names.
        var group = ""
        let statement = try db.makeStatement(
            sql: "SELECT id, grp, value, created_at, ord, last_attached_at FROM window"
        )
        try step(statement, in: db) { row in
            guard let id = WindowID(utf8: text(row, 0)) else { return }
            let groupBytes = text(row, 1)
            if !group.utf8.elementsEqual(groupBytes) { group = String(decoding: groupBytes, as: UTF8.self) }
            let order = UInt64(bitPattern: sqlite3_column_int64(row, 4))
            if let last = windows.last, last.order > order { inOrder = false }
            windows.append(
                StoredWindow(
                    id: id,
                    group: group,
                    value: value(row, 2),
                    createdAt: String(decoding: text(row, 3), as: UTF8.self),
                    order: order,
                    lastAttachedAt: sqlite3_column_type(row, 5) == SQLITE_NULL ? nil : sqlite3_column_double(row, 5)
                )
            )
        }
        if !inOrder { windows.sort { $0.order < $1.order } }
        return windows
    }

    private static func storage(_ db: Database) throws -> [WindowID: [String: JSONValue]] {
        var storage: [WindowID: [String: JSONValue]] = [:]
        let statement = try db.makeStatement(
            sql: "SELECT w.id, s.key, s.value FROM scene_storage s JOIN window w ON w.ord = s.window_ord"
        )
        try step(statement, in: db) { row in
            guard let id = WindowID(utf8: text(row, 0)) else { return }
            // Parsed, not decoded: numbers come back as the exact text they were stored as.
            guard let value = try? JSONParser.parse(UnsafeRawBufferPointer(text(row, 2))) else { return }
            storage[id, default: [:]][String(decoding: text(row, 1), as: UTF8.self)] = value
        }
        return storage
    }

    /// Each window's order by its id, for ``StoreWriter``.
    static func orders(_ db: Database) throws -> [WindowID: Int64] {
        var orders: [WindowID: Int64] = [:]
        orders.reserveCapacity(try Int.fetchOne(db, sql: "SELECT count(*) FROM window") ?? 0)
        try step(try db.makeStatement(sql: "SELECT id, ord FROM window"), in: db) { row in
            guard let id = WindowID(utf8: text(row, 0)) else { return }
            orders[id] = sqlite3_column_int64(row, 1)
        }
        return orders
    }

    /// Runs `body` for each row of `statement`, then resets it.
    static func step(_ statement: Statement, in db: Database, _ body: (SQLiteStatement) throws -> Void) throws {
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            switch sqlite3_step(handle) {
            case SQLITE_ROW:
                try body(handle)
            case SQLITE_DONE:
                return
            case let code:
                let message = db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
            }
        }
    }

    /// The UTF-8 bytes of a text column, valid until the next step; empty for `NULL`.
    static func text(_ row: SQLiteStatement, _ column: Int32) -> UnsafeBufferPointer<UInt8> {
        guard let start = sqlite3_column_text(row, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: start, count: Int(sqlite3_column_bytes(row, column)))
    }

    /// A window's typed value column: `NULL`, an integer or a string (a real only if written by hand).
    private static func value(_ row: SQLiteStatement, _ column: Int32) -> JSONValue {
        switch sqlite3_column_type(row, column) {
        case SQLITE_INTEGER: return .int(sqlite3_column_int64(row, column))
        case SQLITE_TEXT: return .string(String(decoding: text(row, column), as: UTF8.self))
        case SQLITE_FLOAT: return .double(sqlite3_column_double(row, column))
        default: return .null
        }
    }
}
