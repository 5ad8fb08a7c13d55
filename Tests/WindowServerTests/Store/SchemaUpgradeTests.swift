import Foundation
import GRDB
import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// The upgrade to windows keyed by creation order, and the writer's id → order map.
@Suite("Store schema upgrade and order keys")
struct SchemaUpgradeTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wst-\(UUID().uuidString)").path
    }

    @Test("a database of the first schema keeps its windows, storage and session, and takes changes after")
    func upgradeFromFirstSchema() async throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let a = StateStoreTests.window(3, value: .int(42))
        let b = StateStoreTests.window(1, value: .string("x"))
        do {
            var first = DatabaseMigrator()
            first.registerMigration("v1") { db in try db.execute(sql: StoreSchema.v1) }
            let pool = try DatabasePoolOpener.open(directory + "/windowd.sqlite")
            try first.migrate(pool)
            try await pool.write { db in
                for window in [a, b] {
                    try db.execute(
                        sql: "INSERT INTO window (id, grp, value, created_at, ord) VALUES (?, ?, ?, ?, ?)",
                        arguments: [
                            window.id.rawValue, window.group, window.value.jsonText == "42" ? 42 : "x",
                            window.createdAt, Int64(window.order),
                        ]
                    )
                }
                try db.execute(
                    sql: "INSERT INTO scene_storage (window_id, key, value) VALUES (?, 'tab', '2.50')",
                    arguments: [a.id.rawValue]
                )
                try db.execute(sql: "INSERT INTO session (id, user, issued_at, expires_at) VALUES (1, 'alice', 10, 20)")
            }
        }
        let store = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        let state = try await store.load()
        #expect(state.windows == [b, a])
        #expect(state.storage[a.id]?["tab"]?.jsonText == "2.50")
        #expect(state.session == Session(user: "alice", issuedAt: 10, expiresAt: 20))
        try await store.commitNow([.storageSet(b.id, key: "k", value: .bool(true)), .windowClosed(a.id)])
        let after = try await store.load()
        #expect(after.windows == [b])
        #expect(after.storage[a.id] == nil)
        #expect(after.storage[b.id] == ["k": .bool(true)])
    }

    @Test("a database of the schema before the active flag keeps its windows, none of them active, and takes the flag")
    func upgradeToActiveFlag() async throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        var window = StateStoreTests.window(4, value: .int(7))
        window.lastActiveAt = "2026-11-22T08:00:01.000Z"
        let row: StatementArguments = [4, window.id.rawValue, window.group, 7, window.createdAt, window.lastActiveAt]
        do {
            let pool = try DatabasePoolOpener.open(directory + "/windowd.sqlite")
            try StoreSchema.migrator.migrate(pool, upTo: "v4-last-place")
            try await pool.write { db in
                try db.execute(
                    sql:
                        "INSERT INTO window (ord, id, grp, value, created_at, last_active_at) VALUES (?, ?, ?, ?, ?, ?)",
                    arguments: row
                )
            }
        }
        let store = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        #expect(try await store.load().windows == [window])
        try await store.commitNow([.windowActive(window.id, at: "2026-11-22T08:00:02.000Z", active: true)])
        window.lastActiveAt = "2026-11-22T08:00:02.000Z"
        window.active = true
        #expect(try await store.load().windows == [window])
    }

    @Test("a store reopened without a load finds its windows by id at the first commit")
    func mapBuiltAtFirstCommit() async throws {
        let directory = Self.directory()
        let windows = (0..<5).map { StateStoreTests.window(UInt64($0), value: .int(Int64($0))) }
        do {
            let store = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
            try await store.commitNow(
                windows.map { .windowCreated($0) } + [.storageSet(windows[2].id, key: "k", value: .int(1))]
            )
        }
        let reopened = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        try await reopened.commitNow([.windowClosed(windows[2].id), .windowAttached(windows[4].id, at: 9.5)])
        let state = try await reopened.load()
        var attached = windows[4]
        attached.lastAttachedAt = 9.5
        #expect(state.windows == [windows[0], windows[1], windows[3], attached])
        #expect(state.storage.values.allSatisfy { $0.isEmpty })
    }

    @Test("windows come back in creation order whatever order they were written in, and one order is one row")
    func creationOrder() async throws {
        let store = try SQLiteStateStore.open(directory: Self.directory(), fullSync: false, onDamage: .refuse).store
        let late = StateStoreTests.window(9)
        let early = StateStoreTests.window(3)
        let middle = StateStoreTests.window(5)
        try await store.commitNow([.windowCreated(late), .windowCreated(early), .windowCreated(middle)])
        #expect(try await store.load().windows == [early, middle, late])
        // A window written with the order of another replaces it; the other is gone for good.
        let usurper = StateStoreTests.window(5)
        try await store.commitNow([
            .windowCreated(usurper), .windowClosed(middle.id), .storageSet(middle.id, key: "k", value: .null),
        ])
        let state = try await store.load()
        #expect(state.windows == [early, usurper, late])
        #expect(state.storage.values.allSatisfy { $0.isEmpty })
    }
}
