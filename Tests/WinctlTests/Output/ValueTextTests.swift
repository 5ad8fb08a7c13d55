import Testing
import WinctlOutput
import WindowProtocol

@Suite("ValueText: a value in winctl's human output")
struct ValueTextTests {
    @Test("one plain word bare, anything else a JSON literal, nothing for null")
    func words() {
        #expect(ValueText.word(.string("order-17")) == "order-17")
        #expect(ValueText.word(.string("two words")) == #""two words""#)
        #expect(ValueText.word(.string("")) == #""""#)
        #expect(ValueText.word(.int(42)) == "42")
        #expect(ValueText.word(.null) == nil)
        #expect(ValueText.word(.string("tab\there")) == #""tab\there""#)
        #expect(ValueText.word(.string("ünïcödé")) == "ünïcödé")
    }

    @Test("a command in a message: each argument a word, one longer than 256 characters cut there with its length")
    func commands() {
        #expect(ValueText.command(["vim", "two words"]) == #"vim "two words""#)
        let long = String(repeating: "x", count: 40_000)
        #expect(ValueText.command(["run", long]) == "run " + String(repeating: "x", count: 256) + "…(40000 bytes)")
        #expect(ValueText.command([String(repeating: "y", count: 256)]) == String(repeating: "y", count: 256))
    }
}
