import Foundation
import TestSupport
import Testing
import WindowProtocol

/// Refusals that say what was wrong and what to do (STYLE rule 7), in the words of the protocol
/// and never of the Swift code behind it: a presenter that is already busy, event types a
/// subscriber cannot have, a bogus phase, params of the wrong JSON type for every method.
@Suite("Refusals", .timeLimit(.minutes(1)))
struct RefusalTests {
    @Test(
        "a presenter attaching to a second window while it presents one is refused with window_busy, told to detach first; the first stays presented"
    )
    func presenterAttachingElsewhere() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let presenter = try daemon.client()
        let other = try daemon.client()
        let first = try #require(
            try presenter.call("window.attach", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string
        )
        let second = try #require(
            try other.call("window.open", #"{"group":"detail","value":2}"#)["window"]?["id"]?.string
        )

        for params in [
            #"{"id":"\#(second)"}"#, #"{"group":"detail","value":3}"#, #"{"id":"\#(second)","takeover":true}"#,
        ] {
            let refused = try presenter.request("window.attach", params)
            #expect(
                refused.code == -32000 && refused.reason == "window_busy",
                "window.attach \(params): \(refused.message.jsonText)"
            )
            #expect(
                refused.errorMessage?.contains("detach") == true,
                "the refusal says to detach first: \(refused.errorMessage ?? "")"
            )
        }
        let windows = try #require(try other.call("window.list", #"{"group":"detail"}"#)["windows"]?.array)
        let byID = Dictionary(
            uniqueKeysWithValues: windows.compactMap { window in window["id"]?.string.map { ($0, window) } }
        )
        #expect(
            byID[first]?["attached"]?.bool == true && byID[first]?["phase"]?.string == "active",
            "the first window is still presented"
        )
        #expect(byID[second]?["attached"]?.bool == false, "the second was not taken")
        #expect(windows.count == 2, "the refused attach by group and value opened nothing")

        try presenter.call("window.detach")
        let moved = try presenter.call("window.attach", #"{"id":"\#(second)"}"#)
        #expect(moved["window"]?["attached"]?.bool == true, "after detaching, attaching elsewhere works")
    }

    /// The event types a subscriber can receive (windowd-protocol(7), EVENTS).
    static let subscribable = [
        "window.opened", "window.closed", "window.phase", "window.focus", "scene.phase", "app.state",
    ]

    @Test(
        "events.subscribe with window.dismiss (never sent to subscribers) or an unknown type is -32602 naming the valid types; nothing is subscribed",
        arguments: [#"["window.dismiss"]"#, #"["bogus"]"#, #"["app.state","bogus"]"#]
    )
    func subscribeToWhatCannotBeHad(_ types: String) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let refused = try client.request("events.subscribe", #"{"types":\#(types)}"#)
        #expect(refused.code == -32602, "\(refused.message.jsonText)")
        let message = refused.errorMessage ?? ""
        #expect(Self.subscribable.allSatisfy(message.contains), "names every type a subscriber can have: \(message)")
        let offending = types.contains("dismiss") ? "window.dismiss" : "bogus"
        #expect(message.contains(offending), "names the type refused: \(message)")
        // Not subscribed after all: another client's transition reaches it as no event.
        try daemon.client().call("app.transition", #"{"to":{"state":"onboarding","step":"welcome"}}"#)
        #expect(
            try client.rawCall("app.state", id: 99)["id"]?.text == "99",
            "the next line is a reply, not an app.state event"
        )
    }

    @Test("scene.setPhase and window.attach with phase bogus say: phase must be one of active, inactive, background")
    func bogusPhase() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let id = try #require(
            try client.call("window.attach", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string
        )
        let other = try daemon.client()
        for (method, params) in [
            ("scene.setPhase", #"{"id":"\#(id)","phase":"bogus"}"#),
            ("window.attach", #"{"group":"detail","value":2,"phase":"bogus"}"#),
        ] {
            let refused = try other.request(method, params)
            #expect(refused.code == -32602, "\(method): \(refused.message.jsonText)")
            #expect(
                refused.errorMessage?.contains("phase must be one of active, inactive, background") == true,
                "\(method): \(refused.errorMessage ?? "")"
            )
            #expect(Self.leaks(refused.errorMessage ?? "").isEmpty, "\(method): \(refused.errorMessage ?? "")")
        }
    }

    /// Fragments of Swift's own error texts and type names, which mean nothing to a client.
    static let internals = [
        "Dictionary<", "Array<", "Optional<", "Cannot initialize", "Swift.", "DecodingError", "JSONValue", "CodingKeys",
        "codingPath", "debugDescription", "typeMismatch", "keyNotFound", "valueNotFound", "dataCorrupted",
        "Int64", "UInt64", "Int32", "ScenePhase", "AppState", "WindowID", "RequestID", "Params",
    ]

    static func leaks(_ message: String) -> [String] {
        internals.filter { message.contains($0) }
    }

    /// A request whose params have the wrong JSON type, what it must be refused with, and the member the message must name.
    struct BadParams: CustomTestStringConvertible, Sendable {
        let method: String
        /// `WINDOW` stands for the id of an open window.
        let params: String
        let code: Int64
        let names: String
        var testDescription: String { "\(method) \(params)" }
    }

    static let badParams: [BadParams] = [
        BadParams(method: "hello", params: #"{"client":5}"#, code: -32602, names: "client"),
        BadParams(method: "hello", params: #"{"client":"e2e","protocol":"1"}"#, code: -32602, names: "protocol"),
        BadParams(method: "window.open", params: #"{"group":5,"value":1}"#, code: -32602, names: "group"),
        BadParams(method: "window.open", params: #"{"group":["detail"],"value":1}"#, code: -32602, names: "group"),
        BadParams(method: "window.open", params: #"{"group":"detail","value":{"n":1}}"#, code: -32000, names: "value"),
        BadParams(method: "window.open", params: #"{"group":"detail","value":[1]}"#, code: -32000, names: "value"),
        BadParams(method: "window.close", params: #"{"id":5}"#, code: -32602, names: "id"),
        BadParams(method: "window.close", params: #"{"id":null}"#, code: -32602, names: "id"),
        BadParams(method: "window.focus", params: #"{"id":{"a":1}}"#, code: -32602, names: "id"),
        BadParams(method: "window.list", params: #"{"group":1}"#, code: -32602, names: "group"),
        BadParams(method: "window.attach", params: #"{"id":5}"#, code: -32602, names: "id"),
        BadParams(
            method: "window.attach",
            params: #"{"group":"detail","value":1,"phase":5}"#,
            code: -32602,
            names: "phase"
        ),
        BadParams(
            method: "window.attach",
            params: #"{"group":"detail","value":1,"takeover":"yes"}"#,
            code: -32602,
            names: "takeover"
        ),
        BadParams(method: "scene.setPhase", params: #"{"id":5,"phase":"active"}"#, code: -32602, names: "id"),
        BadParams(method: "scene.setPhase", params: #"{"id":"WINDOW","phase":true}"#, code: -32602, names: "phase"),
        BadParams(method: "storage.get", params: #"{"id":5}"#, code: -32602, names: "id"),
        BadParams(method: "storage.get", params: #"{"id":"WINDOW","key":5}"#, code: -32602, names: "key"),
        BadParams(method: "storage.set", params: #"{"id":"WINDOW","key":5,"value":1}"#, code: -32602, names: "key"),
        BadParams(method: "storage.set", params: #"{"id":["WINDOW"],"key":"k","value":1}"#, code: -32602, names: "id"),
        BadParams(method: "storage.remove", params: #"{"id":"WINDOW","key":[]}"#, code: -32602, names: "key"),
        BadParams(method: "app.transition", params: #"{"to":"authenticated"}"#, code: -32602, names: "to"),
        BadParams(method: "app.transition", params: #"{"to":{"state":5}}"#, code: -32602, names: "state"),
        BadParams(method: "app.transition", params: #"{"to":{"state":"bogus"}}"#, code: -32602, names: "state"),
        BadParams(
            method: "app.transition",
            params: #"{"to":{"state":"onboarding","step":"nowhere"}}"#,
            code: -32602,
            names: "step"
        ),
        BadParams(
            method: "app.transition",
            params: #"{"to":{"state":"authenticated","user":5}}"#,
            code: -32602,
            names: "user"
        ),
        BadParams(
            method: "app.transition",
            params: #"{"to":{"state":"error","error":"bogus"}}"#,
            code: -32602,
            names: "error"
        ),
        BadParams(method: "events.subscribe", params: #"{"types":"app.state"}"#, code: -32602, names: "types"),
        BadParams(method: "events.subscribe", params: #"{"types":[5]}"#, code: -32602, names: "types"),
    ]

    @Test(
        "params of the wrong JSON type are refused saying which member and what it must be, with no Swift internals (window.detach, scene.phase, app.state and daemon.status take none)",
        arguments: badParams
    )
    func wrongParamTypes(_ bad: BadParams) throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let client = try daemon.client()
        let window = try #require(
            try client.call("window.open", #"{"group":"notes","value":"w"}"#)["window"]?["id"]?.string
        )
        let refused = try client.request(bad.method, bad.params.replacingOccurrences(of: "WINDOW", with: window))
        let message = refused.errorMessage ?? ""
        #expect(refused.code == bad.code, "\(refused.message.jsonText)")
        #expect(message.contains(bad.names), "the message names \(bad.names): \(message)")
        let leaked = Self.leaks(message)
        #expect(leaked.count == 0, "the message shows Swift internals \(leaked): \(message)")
        #expect(!message.isEmpty)
    }
}
