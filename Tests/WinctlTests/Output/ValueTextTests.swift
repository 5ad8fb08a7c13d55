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
}
