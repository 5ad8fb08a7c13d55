import GRDB
import WindowEngine
import WindowProtocol

/// Reads everything the store holds, for restore, through GRDB's row cursors.
enum StoredStateReader {
    /// The windows in creation order, their storage, and the session. A row whose id is not a
    /// UUID or whose storage value is not JSON is skipped, for restore to carry on without it.
    static func read(_ db: Database) throws -> StoredState {
        var state = StoredState()
        let windows = try Row.fetchCursor(
            db,
            sql: """
                SELECT id, grp, value, created_at, ord, last_attached_at, presenter, place, last_active_at, active
                FROM window ORDER BY ord
                """
        )
        while let row = try windows.next() {
            guard let id = WindowID(row[0] as String) else { continue }
            state.windows.append(
                StoredWindow(
                    id: id,
                    group: row[1],
                    value: value(row[2]),
                    createdAt: row[3],
                    order: UInt64(bitPattern: row[4] as Int64),
                    lastAttachedAt: row[5],
                    presenter: (row[6] as String?).flatMap(PresenterProcess.init(text:)),
                    place: (row[7] as String?).flatMap(place),
                    lastActiveAt: row[8],
                    active: row[9]
                )
            )
        }
        let storage = try Row.fetchCursor(
            db,
            sql: "SELECT w.id, s.key, s.value FROM scene_storage s JOIN window w ON w.ord = s.window_ord"
        )
        while let row = try storage.next() {
            // Parsed, not decoded: numbers come back as the exact text they were stored as.
            guard let id = WindowID(row[0] as String), let value = try? JSONParser.parse((row[2] as String).utf8)
            else { continue }
            state.storage[id, default: [:]][row[1]] = value
        }
        if let row = try Row.fetchOne(db, sql: "SELECT user, issued_at, expires_at FROM session WHERE id = 1") {
            state.session = Session(user: row[0], issuedAt: row[1], expiresAt: row[2])
        }
        return state
    }

    /// Each window's order by its id, for ``StoreWriter``.
    static func orders(_ db: Database) throws -> [WindowID: Int64] {
        var orders: [WindowID: Int64] = [:]
        let rows = try Row.fetchCursor(db, sql: "SELECT id, ord FROM window")
        while let row = try rows.next() {
            if let id = WindowID(row[0] as String) { orders[id] = row[1] }
        }
        return orders
    }

    /// A place kept as JSON; `nil` for anything else, so that restore carries on without it.
    private static func place(_ text: String) -> Place? {
        (try? JSONParser.parse(text.utf8)).flatMap { try? JSONValueDecoder().decode(Place.self, from: $0) }
    }

    /// A window's typed value column: `NULL`, an integer or a string (a real only if written by hand).
    private static func value(_ stored: DatabaseValue) -> JSONValue {
        switch stored.storage {
        case .int64(let number): .int(number)
        case .string(let text): .string(text)
        case .double(let number): .double(number)
        case .null, .blob: .null
        }
    }
}
