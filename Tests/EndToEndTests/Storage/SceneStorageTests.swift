import TestSupport
import Testing
import WindowProtocol

/// windowd(8); windowd(8), Socket and access: per-window scene storage, its limit, and its end with the window.
@Suite("Scene storage", .timeLimit(.minutes(1)))
struct SceneStorageTests {
    @Test("set, get, remove; over the limit is limit_exceeded and keeps the old value; close destroys it")
    func storage() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let id = try #require(
            try client.call("window.open", #"{"group":"notes","value":"a"}"#)["window"]?["id"]?.string
        )

        let set = try client.call("storage.set", #"{"id":"\#(id)","key":"scroll","value":{"line":12,"marks":[1,2,3]}}"#)
        #expect(set["storage"]?["scroll"]?["line"]?.int == 12)
        try client.call("storage.set", #"{"id":"\#(id)","key":"title","value":"old"}"#)
        let all = try client.call("storage.get", #"{"id":"\#(id)"}"#)
        #expect(all["storage"]?.object?.keys.sorted() == ["scroll", "title"])
        #expect(all["storage"]?["scroll"]?["marks"]?.array?.count == 3)
        let one = try client.call("storage.get", #"{"id":"\#(id)","key":"title"}"#)
        #expect(one["storage"]?.object == ["title": .string("old")])
        let removed = try client.call("storage.remove", #"{"id":"\#(id)","key":"scroll"}"#)
        #expect(removed["storage"]?.object == ["title": .string("old")])

        // 60,000 bytes fit the 64 KiB limit; 6,000 more for "title" do not.
        let big = String(repeating: "x", count: 60_000)
        try client.call("storage.set", #"{"id":"\#(id)","key":"big","value":"\#(big)"}"#)
        let over = try client.request(
            "storage.set",
            #"{"id":"\#(id)","key":"title","value":"\#(String(repeating: "y", count: 6_000))"}"#
        )
        #expect(over.code == -32000, "\(over.message.jsonText.prefix(300))")
        #expect(over.reason == "limit_exceeded")
        let kept = try client.call("storage.get", #"{"id":"\#(id)"}"#)
        #expect(kept["storage"]?["title"]?.string == "old", "the old value is kept")
        #expect(kept["storage"]?["big"]?.string?.count == 60_000)

        // The storage travels with attach.
        let attached = try client.call("window.attach", #"{"id":"\#(id)"}"#)
        #expect(attached["storage"]?["title"]?.string == "old")

        try client.call("window.close", #"{"id":"\#(id)"}"#)
        #expect(try client.request("storage.get", #"{"id":"\#(id)"}"#).reason == "unknown_window")
        let reopened = try client.call("window.open", #"{"group":"notes","value":"a"}"#)
        #expect(reopened["created"]?.bool == true)
        let fresh = try #require(reopened["window"]?["id"]?.string)
        #expect(fresh != id)
        #expect(
            try client.call("storage.get", #"{"id":"\#(fresh)"}"#)["storage"]?.object?.isEmpty == true,
            "a new window starts with empty storage"
        )
    }
}
