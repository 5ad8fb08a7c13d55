import Testing

@testable import WindowKit

@Suite("Scene storage as this side knows it")
struct StorageCacheTests {
    @Test("a write reads back at once; a reply to an older write does not take it back")
    func writesInFlight() {
        let cache = StorageCache()
        cache.replace(with: ["scroll": .int(0), "other": .string("x")])
        cache.write("scroll", .int(1))
        cache.write("scroll", .int(2))
        #expect(cache.value("scroll") == .int(2))
        cache.acknowledge("scroll", storage: ["scroll": .int(1), "other": .string("y")], previous: .int(0))
        #expect(cache.value("scroll") == .int(2), "the second write is still on its way")
        #expect(cache.value("other") == .string("y"), "other keys follow the daemon")
        cache.acknowledge("scroll", storage: ["scroll": .int(2), "other": .string("y")], previous: .int(1))
        #expect(cache.value("scroll") == .int(2))
    }

    @Test("a refused write is undone")
    func refusedWrite() {
        let cache = StorageCache()
        cache.replace(with: ["scroll": .int(3)])
        cache.write("scroll", .string(String(repeating: "x", count: 100)))
        cache.acknowledge("scroll", storage: nil, previous: .int(3))
        #expect(cache.value("scroll") == .int(3))
        cache.write("gone", nil)
        cache.acknowledge("gone", storage: nil, previous: nil)
        #expect(cache.value("gone") == nil)
    }

    @Test("a re-attach to a new window gives back the keys written here; the same window keeps the daemon's")
    func reattach() {
        let cache = StorageCache()
        cache.replace(with: ["theirs": .int(1)])
        cache.write("scroll", .int(9))
        cache.acknowledge("scroll", storage: ["theirs": .int(1), "scroll": .int(9)], previous: nil)

        #expect(cache.adoptReattached(["theirs": .int(1), "scroll": .int(9)], sameWindow: true).isEmpty)
        #expect(cache.adoptReattached([:], sameWindow: true).isEmpty, "the same id: the daemon's storage is the truth")
        #expect(cache.value("scroll") == nil)

        cache.write("scroll", .int(4))
        cache.acknowledge("scroll", storage: ["scroll": .int(4)], previous: nil)
        let lost = cache.adoptReattached([:], sameWindow: false)
        #expect(lost == ["scroll": .int(4)])
        #expect(cache.value("scroll") == .int(4))
    }

    @Test(
        "the first try is at once (a daemon that dropped the connection is up); then backoff doubles to a ceiling, and gives up after the limit"
    )
    func reconnectSchedule() {
        var schedule = ReconnectSchedule(giveUpAfter: .seconds(5))
        let delays = (0..<8).map { _ in schedule.nextDelay() }
        #expect(
            delays == [
                .zero, .milliseconds(50), .milliseconds(100), .milliseconds(200), .milliseconds(400),
                .milliseconds(800),
                .seconds(1), .seconds(1),
            ]
        )
        #expect(schedule.attempts == 8)
        #expect(!schedule.hasGivenUp(after: .seconds(4)))
        #expect(schedule.hasGivenUp(after: .seconds(5)))
        #expect(ReplaySafety.allows("storage.set") && ReplaySafety.allows("window.open"))
        #expect(!ReplaySafety.allows("app.transition") && !ReplaySafety.allows("window.close"))
    }
}
