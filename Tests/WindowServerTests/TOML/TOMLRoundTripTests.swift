import Testing
import WindowServer

/// Values written back as TOML parse to the same values.
@Suite("TOML round trip")
struct TOMLRoundTripTests {
    static let document = """
        title = "TOML \\"Example\\"\\n\\t\\u0001 é 😀"
        literal = 'C:\\path'
        [owner]
        dob = 1979-05-27T07:32:00-08:00
        local = 1979-05-27T07:32:00.123
        day = 1979-05-27
        time = 07:32:00.000001
        utc = 1979-05-27T07:32:00Z
        [database]
        ports = [ 8000, 8001, 8002 ]
        data = [ ["delta", "phi"], [3.14] ]
        temp_targets = { cpu = 79.5, case = 72.0 }
        floats = [0.1, -0.0, 1e100, 5e-324, inf, -inf, 1.7976931348623157e308]
        ints = [0, -9223372036854775808, 9223372036854775807, 0xff]
        [servers."alpha beta"]
        ip = "10.0.0.1"
        [[products]]
        name = "Hammer"
        [[products]]
        [[products]]
        "" = ""
        """

    @Test("a document written back parses to an equal document, and writes the same again")
    func roundTrip() throws {
        let parsed = try TOMLParser.parse(Self.document)
        let written = parsed.tomlDocument
        let again = try TOMLParser.parse(written)
        #expect(again == parsed, "\(written)")
        #expect(again.tomlDocument == written)
    }

    @Test("nan is written as nan")
    func nan() throws {
        let parsed = try TOMLParser.parse("a = nan")
        #expect(parsed.tomlDocument == "a = nan\n")
        #expect(try TOMLParser.parse(parsed.tomlDocument)["a"]?.float?.isNaN == true)
    }

    @Test("values are shown as TOML and named in words")
    func text() {
        #expect(TOMLValue.string("many").tomlText == #""many""#)
        #expect(TOMLValue.string("tab\tquote\"").tomlText == #""tab\tquote\"""#)
        #expect(TOMLValue.float(1.5).tomlText == "1.5")
        #expect(TOMLValue.float(1).tomlText == "1.0")
        #expect(TOMLValue.integer(-3).tomlText == "-3")
        #expect(TOMLValue.array(TOMLArray([.integer(1), .string("a")])).tomlText == #"[1, "a"]"#)
        #expect(TOMLValue.string("").kindDescription == "a string")
        #expect(TOMLValue.integer(1).kindDescription == "an integer")
        #expect(TOMLValue.float(1).kindDescription == "a float")
        #expect(TOMLValue.boolean(true).kindDescription == "a boolean")
        #expect(TOMLValue.table(TOMLTable()).kindDescription == "a table")
    }
}
