import Testing
import WinctlOutput
import WindowProtocol
import WindowTerminal

@Suite("ValueText: a value in winctl's human output")
struct ValueTextTests {
    static let values: [JSONValue] = [
        .null, .string("42"), .string("order-17"), .string("two words"), .string(""), .string("tab\there"),
        .string("quote\"d"), .string("back\\slash"), .string("del\u{7F}"), .string("ünïcödé"), .string("-5"),
        .int(42), .number("-1.50e3"), .double(0.5), .bool(true), .array([.int(1), .string("x")]),
        .object(["k": .string("v")]),
    ]

    @Test("reads as the terminal view reads it (WindowLabel), which the one-shot winctl does not link")
    func sameAsTheTerminalView() {
        for value in Self.values {
            #expect(ValueText.word(value) == WindowLabel.value(value), "\(value)")
        }
    }

    @Test("one plain word bare, anything else a JSON literal, nothing for null")
    func words() {
        #expect(ValueText.word(.string("order-17")) == "order-17")
        #expect(ValueText.word(.string("two words")) == #""two words""#)
        #expect(ValueText.word(.string("")) == #""""#)
        #expect(ValueText.word(.int(42)) == "42")
        #expect(ValueText.word(.null) == nil)
    }
}
