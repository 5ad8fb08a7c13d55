import Testing
import WinctlOutput
import WindowProtocol

@testable import winctl

/// `winctl watch` shows an event that left a long value out with the value it holds for the window.
@Suite("winctl watch: values an event leaves out")
struct WatchValueTests {
    private static func event(_ name: String, seq: Int64, window: [String: JSONValue]) throws -> EventMessage {
        try JSONValueDecoder().decode(
            EventMessage.self,
            from: .object(["method": .string(name), "params": .object(["seq": .int(seq), "window": .object(window)])])
        )
    }

    private static func value(_ event: EventMessage) -> JSONValue? {
        guard case .object(let window)? = event.params["window"] else { return nil }
        return window["value"]
    }

    @Test("the snapshot's or an earlier event's value fills an event without one; a closed window's is let go")
    func keepsTheValue() throws {
        let long = JSONValue.string(String(repeating: "v", count: 2_000))
        let window: [String: JSONValue] = [
            "id": .string("w"), "group": .string("notes"), "phase": .string("active"), "attached": .bool(true),
            "createdAt": .string("2025-01-01T00:00:00Z"),
        ]
        var values: [String: JSONValue] = ["w": long]
        let focus = Winctl.Watch.keepingValue(try Self.event("window.focus", seq: 1, window: window), in: &values)
        #expect(Self.value(focus) == long)
        #expect(EventLine.render(focus) == "#1 window.focus w notes " + String(repeating: "v", count: 2_000))
        let closed = Winctl.Watch.keepingValue(try Self.event("window.closed", seq: 2, window: window), in: &values)
        #expect(Self.value(closed) == long)
        #expect(values.isEmpty)
    }
}
