import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

/// Presenters (windowd-protocol(7), window.open; windowd-protocol(7); winctl(1), Attached terminals): focus reaches them, takeover replaces them.
@Suite("Presenters", .timeLimit(.minutes(1)))
struct PresenterTests {
    @Test("opening a window that is already open, or focusing it by id, sends window.focus to its presenter")
    func focusReachesThePresenter() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let presenter = try daemon.client()
        let other = try daemon.client()

        let attached = try presenter.call("window.attach", #"{"group":"detail","value":7}"#)
        let id = try #require(attached["window"]?["id"]?.string)
        #expect(attached["window"]?["attached"]?.bool == true)
        #expect(attached["window"]?["phase"]?.string == "active", "attach defaults to active")

        let reopened = try other.call("window.open", #"{"group":"detail","value":"7"}"#)
        #expect(reopened["created"]?.bool == false)
        #expect(reopened["window"]?["id"]?.string == id)
        let fromOpen = try presenter.waitForEvent("window.focus")
        #expect(fromOpen["params"]?["window"]?["id"]?.string == id)

        let focused = try other.call("window.focus", #"{"id":"\#(id)"}"#)
        #expect(focused["window"]?["id"]?.string == id)
        let fromFocus = try presenter.waitForEvent("window.focus")
        #expect(fromFocus["params"]?["window"]?["id"]?.string == id)
        #expect(try #require(fromFocus["params"]?["seq"]?.int) > (try #require(fromOpen["params"]?["seq"]?.int)))

        // The one that asked is not a presenter or subscriber: it gets no event.
        let status = try other.call("daemon.status")
        #expect(status["attached"]?.int == 1)
        #expect(other.bufferedEventCount == 0)
    }

    @Test("a second presenter is window_busy unless it takes over; takeover dismisses the first")
    func takeover() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let first = try daemon.client()
        let second = try daemon.client()

        let id = try #require(
            try first.call("window.attach", #"{"group":"notes","value":"todo"}"#)["window"]?["id"]?.string
        )

        let busy = try second.request("window.attach", #"{"id":"\#(id)"}"#)
        #expect(busy.code == -32000, "\(busy.message.jsonText)")
        #expect(busy.reason == "window_busy")

        let taken = try second.call("window.attach", #"{"id":"\#(id)","takeover":true,"phase":"inactive"}"#)
        #expect(taken["window"]?["id"]?.string == id)
        #expect(taken["window"]?["phase"]?.string == "inactive")

        let dismiss = try first.waitForEvent("window.dismiss")
        #expect(dismiss["params"]?["reason"]?.string == "takeover")
        #expect(dismiss["params"]?["window"]?["id"]?.string == id)

        // The second is now the presenter: the first has nothing to detach, the second has.
        let listed = try #require(try first.call("window.list")["windows"]?.array?.first)
        #expect(listed["attached"]?.bool == true)
        #expect(listed["phase"]?.string == "inactive")
        let stale = try first.request("window.detach")
        #expect(stale.error != nil, "the dismissed presenter no longer presents: \(stale.message.jsonText)")
        let detached = try second.call("window.detach")
        #expect(detached["window"]?["id"]?.string == id)
        #expect(detached["window"]?["attached"]?.bool == false)
        #expect(detached["window"]?["phase"]?.string == "background")
    }

    @Test("winctl attach prints events, exits 0 on window.dismiss, and q detaches")
    func winctlAttach() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()

        // Dismissed by a close: exits 0.
        let dismissed = try WinctlSession(
            ["attach", "detail", "5"],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("attach1.err")
        )
        defer { dismissed.stop() }
        let attached = try dismissed.readJSON()
        let id = try #require(
            attached["window"]?["id"]?.string,
            "attach prints the attach result first: \(attached.jsonText)"
        )
        try client.call("window.focus", #"{"id":"\#(id)"}"#)
        let focus = try dismissed.readJSON(until: { $0["method"]?.string == "window.focus" })
        #expect(focus["params"]?["window"]?["id"]?.string == id)
        try client.call("window.close", #"{"id":"\#(id)"}"#)
        let dismiss = try dismissed.readJSON(until: { $0["method"]?.string == "window.dismiss" })
        #expect(dismiss["params"]?["reason"]?.string == "closed")
        #expect(try dismissed.wait() == .exited(0))

        // `q` on standard input detaches: exits 0, the window stays, detached.
        let detaching = try WinctlSession(
            ["attach", "detail", "6"],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("attach2.err")
        )
        defer { detaching.stop() }
        let second = try #require(try detaching.readJSON()["window"]?["id"]?.string)
        #expect(try client.call("daemon.status")["attached"]?.int == 1)
        try detaching.type("q")
        #expect(try detaching.wait() == .exited(0))
        let windows = try #require(try client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array)
        #expect(windows.count == 1)
        #expect(windows.first?["id"]?.string == second)
        #expect(windows.first?["attached"]?.bool == false)
    }
}
