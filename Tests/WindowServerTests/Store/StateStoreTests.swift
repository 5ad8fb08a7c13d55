import Foundation
import GRDB
import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// The same behaviour from the SQLite store and its in-memory twin.
@Suite("State stores")
struct StateStoreTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, memory
        var testDescription: String { rawValue }
    }

    static func makeStore(_ kind: Kind) throws -> any StateStore {
        switch kind {
        case .memory:
            return MemoryStateStore()
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wst-\(UUID().uuidString)")
                .path
            return try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        }
    }

    static func window(_ order: UInt64, value: JSONValue = .int(1)) -> StoredWindow {
        StoredWindow(id: .random(), group: "detail", value: value, createdAt: "2026-11-22T08:00:00Z", order: order)
    }

    @Test("windows, their last presenters, storage and the session round-trip", arguments: Kind.allCases)
    func roundTrip(kind: Kind) async throws {
        let store = try Self.makeStore(kind)
        let a = Self.window(0, value: .int(42))
        let b = Self.window(1, value: .string("x"))
        let c = Self.window(2, value: .null)
        try await store.commitNow([.windowCreated(a), .windowCreated(b), .windowCreated(c)])
        try await store.commitNow([
            .storageSet(a.id, key: "tab", value: .int(2)),
            .storageSet(a.id, key: "path", value: .array([.string("a"), .object(["k": .bool(true)])])),
            .storageSet(b.id, key: "gone", value: .null),
            .storageRemoved(b.id, key: "gone"),
            .windowAttached(a.id, at: 123.5, presenter: PresenterProcess(pid: 42, startTime: 7, bootID: "b00t")),
            .sessionSaved(Session(user: "alice", issuedAt: 10, expiresAt: 20)),
        ])
        try await store.commitNow([.windowClosed(c.id)])
        let state = try await store.load()
        var attachedA = a
        attachedA.lastAttachedAt = 123.5
        attachedA.presenter = PresenterProcess(pid: 42, startTime: 7, bootID: "b00t")
        #expect(state.windows == [attachedA, b])
        #expect(state.storage[a.id] == ["tab": .int(2), "path": .array([.string("a"), .object(["k": .bool(true)])])])
        #expect(state.storage[b.id, default: [:]].isEmpty)
        #expect(state.session == Session(user: "alice", issuedAt: 10, expiresAt: 20))
    }

    @Test("whether a window is active, and since when, round-trips", arguments: Kind.allCases)
    func activeRoundTrip(kind: Kind) async throws {
        let store = try Self.makeStore(kind)
        let a = Self.window(0)
        let b = Self.window(1)
        try await store.commitNow([.windowCreated(a), .windowCreated(b)])
        try await store.commitNow([
            .windowActive(a.id, at: "2026-11-22T08:00:01.000Z", active: true),
            .windowActive(b.id, at: "2026-11-22T08:00:02.000Z", active: true),
            .windowActive(b.id, at: "2026-11-22T08:00:03.000Z", active: false),
        ])
        let windows = try await store.load().windows
        #expect(windows.map(\.active) == [true, false])
        #expect(windows.map(\.lastActiveAt) == ["2026-11-22T08:00:01.000Z", "2026-11-22T08:00:03.000Z"])
    }

    @Test("closing a window destroys its storage; storage of an unknown window is not kept", arguments: Kind.allCases)
    func closeDestroysStorage(kind: Kind) async throws {
        let store = try Self.makeStore(kind)
        let a = Self.window(0)
        try await store.commitNow([.windowCreated(a), .storageSet(a.id, key: "k", value: .int(1))])
        try await store.commitNow([
            .windowClosed(a.id), .storageSet(WindowID.random(), key: "k", value: .int(1)), .sessionCleared,
        ])
        let state = try await store.load()
        #expect(state.windows.isEmpty)
        #expect(state.storage.values.allSatisfy { $0.isEmpty })
        #expect(state.session == nil)
    }
}

@Suite("SQLite store on disk")
struct SQLiteStateStoreTests {
    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wst-\(UUID().uuidString)").path
    }

    @Test("state survives closing and reopening the database")
    func reopen() async throws {
        let directory = Self.directory()
        let window = StateStoreTests.window(7, value: .int(9))
        let first = try SQLiteStateStore.open(directory: directory, fullSync: true, onDamage: .refuse).store
        try await first.commitNow([.windowCreated(window), .storageSet(window.id, key: "a", value: .string("b"))])
        try await first.close()
        // Closed as the daemon closes it at exit; its connections stay open until the test ends,
        // as they do until the process ends, so that no connection is released while the second opens.
        let reopened = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        let state = try await reopened.load()
        #expect(state.windows == [window])
        #expect(state.storage[window.id] == ["a": .string("b")])
        withExtendedLifetime(first) {}
    }

    @Test("a garbage file is moved aside, not lost, and a fresh database starts")
    func garbageMovedAside() async throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: URL(fileURLWithPath: directory + "/windowd.sqlite"))
        let (store, aside) = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .moveAside)
        let moved = try #require(aside?.path)
        #expect(moved.hasPrefix(directory + "/windowd.sqlite.damaged-"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved)) == garbage)
        #expect(try await store.load() == StoredState())
    }

    @Test("a damaged database is refused when the policy says so")
    func refuse() throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: directory + "/windowd.sqlite"))
        #expect(throws: StoreOpeningError.self) {
            try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse)
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/windowd.sqlite"))
    }

    @Test(
        "an empty (zero-length) database file is damage: refused under refuse, moved aside under move-aside, with the reason"
    )
    func emptyFile() async throws {
        let directory = Self.directory()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: directory + "/windowd.sqlite", contents: Data()))
        #expect(throws: StoreOpeningError.self) {
            try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse)
        }
        #expect(FileManager.default.fileExists(atPath: directory + "/windowd.sqlite"), "refused: left where it is")
        let (store, aside) = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .moveAside)
        let moved = try #require(aside)
        #expect(moved.reason.contains("empty"), "\(moved.reason)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: moved.path)).isEmpty)
        #expect(try await store.load() == StoredState())
    }

    @Test("a state directory without a database file is a fresh start, and the file it creates is not empty")
    func noFileIsFresh() async throws {
        let directory = Self.directory()
        let store = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        #expect(try await store.load() == StoredState())
        let size = try FileManager.default.attributesOfItem(atPath: directory + "/windowd.sqlite")[.size] as? Int
        #expect((size ?? 0) > 0, "a database windowd created is never zero-length, so an empty one is damage")
    }

    @Test("a truncated database is moved aside")
    func truncated() async throws {
        let directory = Self.directory()
        do {
            let store = try SQLiteStateStore.open(directory: directory, fullSync: true, onDamage: .refuse).store
            try await store.commitNow(
                (0..<2000).map { .windowCreated(StateStoreTests.window(UInt64($0), value: .int(Int64($0)))) }
            )
            try await store.maintainNow(.compact)
        }
        let path = directory + "/windowd.sqlite"
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(truncate(path, off_t(size / 2)) == 0)
        let (store, aside) = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .moveAside)
        #expect(aside != nil)
        #expect(try await store.load().windows.isEmpty)
    }

    @Test("a database from a newer windowd is not touched")
    func newerSchema() async throws {
        let directory = Self.directory()
        do {
            _ = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse)
        }
        // A later version registers a migration this build does not know.
        var newer = StoreSchema.migrator
        newer.registerMigration("v99-from-the-future") { db in try db.execute(sql: "CREATE TABLE future (x)") }
        try newer.migrate(try DatabasePoolOpener.open(directory + "/windowd.sqlite"))
        do {
            _ = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse)
            Issue.record("a newer schema was opened")
        } catch {
            guard case .newerSchema(_, let unknown) = error else {
                Issue.record("expected newerSchema, got \(error)")
                return
            }
            #expect(unknown == ["v99-from-the-future"])
        }
    }
}

extension StateStore {
    func commitNow(_ changes: [StateChange]) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            commit(changes) { continuation.resume(with: $0) }
        }
    }

    func maintainNow(_ level: MaintenanceLevel) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            maintain(level) { continuation.resume(with: $0) }
        }
    }
}
