import Testing
import WindowProtocol

/// An event may leave out a window's long value; a client puts back the one it holds.
@Suite("Events without a window's value")
struct EventValueTests {
    private static func focus(_ window: [String: JSONValue]) throws -> EventMessage {
        try JSONValueDecoder().decode(
            EventMessage.self,
            from: .object([
                "method": .string("window.focus"),
                "params": .object(["seq": .int(1), "window": .object(window)]),
            ])
        )
    }

    private static func window(_ event: EventMessage) -> WindowInfo? {
        event.params["window"].flatMap { try? JSONValueDecoder().decode(WindowInfo.self, from: $0) }
    }

    @Test("the value held for the id fills the event, which then reads as a WindowInfo; one the event has is kept")
    func keepingValue() throws {
        let long = JSONValue.string(String(repeating: "v", count: 2_000))
        let window: [String: JSONValue] = [
            "id": .string("w"), "group": .string("notes"), "phase": .string("active"), "attached": .bool(true),
            "createdAt": .string("2025-01-01T00:00:00Z"),
        ]
        let event = try Self.focus(window)
        let kept = event.keepingValue { $0 == "w" ? long : nil }
        #expect(Self.window(kept)?.value == long)
        #expect(Self.window(event.keepingValue { _ in nil })?.value == .null)
        var whole = window
        whole["value"] = .string("short")
        let sent = try Self.focus(whole).keepingValue { _ in long }
        #expect(Self.window(sent)?.value == .string("short"))
    }

    @Test("a window read back has every member it was written with, the presenter's pid and place among them")
    func everyMemberReadBack() throws {
        let window = WindowInfo(
            id: "w",
            group: "notes",
            value: .string("v"),
            phase: .active,
            attached: true,
            createdAt: "2025-01-01T00:00:00Z",
            place: Place(kind: .tmux, pane: "%3"),
            pid: 42
        )
        let written = try JSONParser.parse(JSONWriter.bytes(window))
        #expect(try JSONValueDecoder().decode(WindowInfo.self, from: written) == window)
    }
}
