import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// An event never repeats a long value: the window's `value` is left out past 1024 UTF-8 bytes.
@Suite("Event payloads")
struct EventPayloadTests {
    static func window(value: JSONValue) -> WindowInfo {
        WindowInfo(id: "w", group: "notes", value: value, phase: .active, attached: true, createdAt: "t")
    }

    static func encoded(_ payload: EventPayload) throws -> String {
        String(decoding: try #require(ResponseEncoder().bytes(payload)), as: UTF8.self)
    }

    @Test(
        "a value of 1024 UTF-8 bytes is carried; one of 1025 (a two-byte character over) is left out, the rest unchanged"
    )
    func longValueOmitted() throws {
        let short = String(repeating: "é", count: 512)
        #expect(
            try Self.encoded(EventPayload(Self.window(value: .string(short))))
                == #"{"window":{"id":"w","group":"notes","value":"\#(short)","phase":"active","attached":true,"createdAt":"t"}}"#
        )
        let long = short + "x"
        #expect(
            try Self.encoded(EventPayload(Self.window(value: .string(long)), reason: "closed"))
                == #"{"window":{"id":"w","group":"notes","phase":"active","attached":true,"createdAt":"t"},"reason":"closed"}"#
        )
    }
}
