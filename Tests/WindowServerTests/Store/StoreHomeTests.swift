import Foundation
import Synchronization
import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

#if canImport(Glibc)
import Glibc
#endif

/// The store checks before each commit that its database and lock are where it opened them
/// (windowd(8), "State"); the end-to-end suite "State removed under the daemon" removes them
/// under the real daemon.
@Suite("State store: its files removed under it")
struct StoreHomeTests {
    /// A lock a test says is held or not, and whether it can be taken again.
    final class TestLock: StoreLock {
        let state = Mutex((held: true, retakable: true, retakes: 0))
        var isHeld: Bool { state.withLock { $0.held } }
        func retake() throws {
            try state.withLock { state in
                guard state.retakable else { throw CocoaError(.fileLocking) }
                state.held = true
                state.retakes += 1
            }
        }
    }

    static func directory() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("wsh-\(UUID().uuidString)").path
    }

    @Test("the database removed: the next commit writes everything to a new one at the same path")
    func databaseRemoved() async throws {
        let directory = Self.directory()
        let store = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        let a = StateStoreTests.window(0)
        let b = StateStoreTests.window(1)
        try await store.commitNow([.windowCreated(a), .storageSet(a.id, key: "k", value: .int(7))])
        try FileManager.default.removeItem(atPath: directory)
        try await store.commitNow([.windowCreated(b)])
        #expect(FileManager.default.fileExists(atPath: directory + "/windowd.sqlite"))
        let reopened = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse).store
        let state = try await reopened.load()
        #expect(state.windows.map(\.id) == [a.id, b.id])
        #expect(state.storage[a.id] == ["k": .int(7)])
    }

    @Test("the lock lost and not to be taken again (another daemon has it): the commit fails, nothing is written")
    func lockLost() async throws {
        let directory = Self.directory()
        let lock = TestLock()
        let store = try SQLiteStateStore.open(directory: directory, fullSync: false, onDamage: .refuse, lock: lock)
            .store
        let a = StateStoreTests.window(0)
        lock.state.withLock { $0 = (held: false, retakable: false, retakes: 0) }
        await #expect(throws: StoreOpeningError.self) { try await store.commitNow([.windowCreated(a)]) }
        #expect(try await store.load().windows.isEmpty)
        lock.state.withLock { $0.retakable = true }
        try await store.commitNow([.windowCreated(a)])
        #expect(lock.state.withLock { $0.retakes } == 1)
        #expect(try await store.load().windows.map(\.id) == [a.id], "the same database goes on: only the lock was lost")
    }
}
