import TestSupport
import Testing
import WindowProtocol

/// windowd-protocol(7), window.open; windowd-protocol(7), app.transition: the app state machine over the wire, and the deep-link rule.
@Suite("App state", .timeLimit(.minutes(1)))
struct AppStateTests {
    @Test("valid transitions move the state and report the previous one; invalid ones change nothing")
    func transitions() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let watcher = try daemon.client()
        try watcher.call("events.subscribe", #"{"types":["app.state"]}"#)

        let path: [(to: String, state: String)] = [
            (#"{"state":"onboarding","step":"welcome"}"#, "onboarding"),
            (#"{"state":"onboarding","step":"permissions"}"#, "onboarding"),
            (#"{"state":"unauthenticated"}"#, "unauthenticated"),
            (#"{"state":"authenticated","user":"alice"}"#, "authenticated"),
            (#"{"state":"unauthenticated"}"#, "unauthenticated"),
            (#"{"state":"error","error":"networkUnavailable"}"#, "error"),
            (#"{"state":"loading"}"#, "loading"),
            (#"{"state":"authenticated","user":"bob"}"#, "authenticated"),
            (#"{"state":"error","error":"sessionExpired"}"#, "error"),
            (#"{"state":"unauthenticated"}"#, "unauthenticated"),
        ]
        var previous = try #require(try client.call("app.state")["state"])
        for step in path {
            let result = try client.call("app.transition", #"{"to":\#(step.to)}"#)
            let expected = try JSONValue.parse(step.to)
            #expect(result["state"] == expected)
            #expect(result["previous"] == previous)
            let event = try watcher.waitForEvent("app.state")
            #expect(event["params"]?["state"] == expected)
            #expect(event["params"]?["previous"] == previous)
            previous = expected
        }

        let invalid: [(from: String, to: String)] = [
            (#"{"state":"unauthenticated"}"#, #"{"state":"loading"}"#),
            (#"{"state":"unauthenticated"}"#, #"{"state":"unauthenticated"}"#),
        ]
        for (from, to) in invalid {
            #expect(try client.call("app.state")["state"] == (try JSONValue.parse(from)))
            let refused = try client.request("app.transition", #"{"to":\#(to)}"#)
            #expect(refused.code == -32000, "\(to): \(refused.message.jsonText)")
            #expect(refused.reason == "invalid_transition")
            #expect(refused.errorMessage?.contains("invalid transition") == true)
            #expect(try client.call("app.state")["state"] == (try JSONValue.parse(from)), "the state is unchanged")
        }
        try client.call("app.transition", #"{"to":{"state":"authenticated","user":"carol"}}"#)
        let fromAuthenticated = try client.request("app.transition", #"{"to":{"state":"onboarding","step":"welcome"}}"#)
        #expect(fromAuthenticated.reason == "invalid_transition")
        #expect(try client.call("app.state")["state"]?["user"]?.string == "carol")

        let malformed = try client.request("app.transition", #"{"to":{"state":"onboarding","step":"nowhere"}}"#)
        #expect(malformed.code == -32602, "an unknown step is invalid params: \(malformed.message.jsonText)")
    }

    @Test("a requires_auth group is refused while signed out, opens after login, and is dismissed on logout or error")
    func requiresAuthentication() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let control = try daemon.client()
        let presenter = try daemon.client()
        let order = "6f1c9a4e-1d2b-4c3a-9e8f-0123456789ab"

        let open = try control.request("window.open", #"{"group":"orders","value":"\#(order)"}"#)
        #expect(open.code == -32000)
        #expect(open.reason == "unauthenticated", "\(open.message.jsonText)")
        let attach = try presenter.request("window.attach", #"{"group":"orders","value":"\#(order)"}"#)
        #expect(attach.reason == "unauthenticated", "\(attach.message.jsonText)")
        #expect(try control.call("window.list")["windows"]?.array?.isEmpty == true, "nothing was opened")

        try control.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        let opened = try control.call("window.open", #"{"group":"orders","value":"\#(order.uppercased())"}"#)
        #expect(opened["created"]?.bool == true)
        #expect(opened["window"]?["value"]?.string == order, "a uuid value is kept in lower case")
        let id = try #require(opened["window"]?["id"]?.string)
        try presenter.call("window.attach", #"{"id":"\#(id)"}"#)
        let plain = try #require(
            try control.call("window.open", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string
        )

        try control.call("app.transition", #"{"to":{"state":"unauthenticated"}}"#)
        let dismiss = try presenter.waitForEvent("window.dismiss")
        #expect(dismiss["params"]?["reason"]?.string == "signedOut")
        #expect(dismiss["params"]?["window"]?["id"]?.string == id)
        let remaining = try #require(try control.call("window.list")["windows"]?.array)
        #expect(
            remaining.compactMap { $0["id"]?.string } == [plain],
            "the orders window is gone, the detail window stays"
        )
        #expect(try control.request("storage.get", #"{"id":"\#(id)"}"#).reason == "unknown_window")

        // Leaving authenticated through error signs out too.
        try control.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        let again = try #require(
            try presenter.call("window.attach", #"{"group":"orders","value":"\#(order)"}"#)["window"]?["id"]?.string
        )
        #expect(again != id, "a closed window never comes back")
        try control.call("app.transition", #"{"to":{"state":"error","error":"sessionExpired"}}"#)
        let second = try presenter.waitForEvent("window.dismiss")
        #expect(second["params"]?["reason"]?.string == "signedOut")
        #expect(try control.call("window.list", #"{"group":"orders"}"#)["windows"]?.array?.isEmpty == true)
    }
}
