import Testing
import WindowEngine
import WindowProtocol

@Suite("Scene storage")
struct SceneStorageTests {
    let window = WindowID.random()

    @Test("a write over the limit is refused and loses nothing")
    func limit() throws {
        var storage = SceneStorage()
        try storage.set("tab", to: .int(2), limit: 64, window: window)
        let big = JSONValue.string(String(repeating: "x", count: 100))
        #expect(throws: Refusal.self) { try storage.set("blob", to: big, limit: 64, window: window) }
        #expect(storage.values == ["tab": .int(2)])
        #expect(storage.byteCount == "tab".utf8.count + "2".utf8.count)
    }

    @Test("replacing and removing keep the byte count exact")
    func accounting() throws {
        var storage = SceneStorage()
        try storage.set("k", to: .string("abc"), limit: 1000, window: window)
        try storage.set("k", to: .string("a"), limit: 1000, window: window)
        #expect(storage.byteCount == 1 + 3)
        storage.remove("k")
        #expect(storage.byteCount == 0)
        #expect(storage.values.isEmpty)
    }

    @Test("exactly at the limit is allowed")
    func boundary() throws {
        var storage = SceneStorage()
        try storage.set("k", to: .string(String(repeating: "y", count: 8)), limit: 11, window: window)
        #expect(storage.byteCount == 11)
    }
}
