import GRDB

/// The database schema, created and upgraded by GRDB migrations.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (identifier, sql) in migrations {
            migrator.registerMigration(identifier) { db in try db.execute(sql: sql) }
        }
        return migrator
    }

    /// Each migration's identifier and SQL, in the order they apply; a new one goes at the end.
    static let migrations = [
        ("v1", v1), ("v2-windows-by-order", v2), ("v3-presenter", v3), ("v4-last-place", v4), ("v5-active", v5),
    ]

    /// The first schema: windows keyed by id.
    static let v1 = """
        CREATE TABLE window (
            id TEXT PRIMARY KEY NOT NULL,
            grp TEXT NOT NULL,
            value,                       -- NULL, INTEGER or TEXT: the typed value
            created_at TEXT NOT NULL,
            ord INTEGER NOT NULL,
            last_attached_at REAL
        );
        CREATE TABLE scene_storage (
            window_id TEXT NOT NULL REFERENCES window(id) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,         -- compact JSON
            PRIMARY KEY (window_id, key)
        ) WITHOUT ROWID;
        CREATE TABLE session (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            user TEXT NOT NULL,
            issued_at REAL NOT NULL,
            expires_at REAL NOT NULL
        );
        """

    /// Windows keyed by their creation order instead of their id. A new window's row goes at the
    /// end of the table; with the id as key, each one went to a random place of the id index, and
    /// a commit of a few hundred new windows rewrote a few hundred index pages. The store maps
    /// ids to orders in memory (``StoreWriter``).
    static let v2 = """
        CREATE TABLE window_v2 (
            ord INTEGER PRIMARY KEY,     -- creation order, the rowid
            id TEXT NOT NULL,
            grp TEXT NOT NULL,
            value,                       -- NULL, INTEGER or TEXT: the typed value
            created_at TEXT NOT NULL,
            last_attached_at REAL
        );
        INSERT OR REPLACE INTO window_v2 (ord, id, grp, value, created_at, last_attached_at)
            SELECT ord, id, grp, value, created_at, last_attached_at FROM window ORDER BY ord;
        CREATE TABLE scene_storage_v2 (
            window_ord INTEGER NOT NULL REFERENCES window_v2(ord) ON DELETE CASCADE,
            key TEXT NOT NULL,
            value TEXT NOT NULL,         -- compact JSON
            PRIMARY KEY (window_ord, key)
        ) WITHOUT ROWID;
        INSERT OR REPLACE INTO scene_storage_v2 (window_ord, key, value)
            SELECT w.ord, s.key, s.value FROM scene_storage s JOIN window_v2 w ON w.id = s.window_id;
        DROP TABLE scene_storage;
        DROP TABLE window;
        ALTER TABLE window_v2 RENAME TO window;
        ALTER TABLE scene_storage_v2 RENAME TO scene_storage;
        """

    /// Each window's last presenter process, `pid start-time boot-id`, awaited back after a restart.
    static let v3 = "ALTER TABLE window ADD COLUMN presenter TEXT"

    /// Where each window was last presented (its place as JSON) and when it was last active (ISO 8601).
    static let v4 = """
        ALTER TABLE window ADD COLUMN place TEXT;
        ALTER TABLE window ADD COLUMN last_active_at TEXT;
        """

    /// Whether each window was `active` when last stored, so that a restart after a crash knows
    /// it stayed so until then.
    static let v5 = "ALTER TABLE window ADD COLUMN active INTEGER NOT NULL DEFAULT 0"
}
