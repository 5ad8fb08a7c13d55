import GRDB

/// The database schema, created and upgraded by GRDB migrations.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
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
                """)
        }
        return migrator
    }
}
