import Testing
import WindowServer

/// Lines and columns of keys, values and errors, as an editor counts them.
@Suite("TOML positions")
struct TOMLPositionTests {
    @Test("keys and tables carry the line and column they were written at")
    func keys() throws {
        let document = try TOMLParser.parse(
            """
            # header comment

            [daemon]
              max_clients = 5
            socket.path = "x"
            """
        )
        let daemon = try #require(document["daemon"]?.table)
        #expect(document.entry("daemon")?.position == TOMLPosition(line: 3, column: 1))
        #expect(daemon.entry("max_clients")?.position == TOMLPosition(line: 4, column: 3))
        #expect(daemon.entry("socket")?.position == TOMLPosition(line: 5, column: 1))
        #expect(daemon["socket"]?.table?.entry("path")?.position == TOMLPosition(line: 5, column: 8))
    }

    @Test("a column counts characters, not bytes")
    func columns() {
        let error = TOMLTestSupport.error(parsing: "\"日本語\" = é")
        #expect(error?.position == TOMLPosition(line: 1, column: 9))
        let afterTab = TOMLTestSupport.error(parsing: "\ta = @")
        #expect(afterTab?.position == TOMLPosition(line: 1, column: 6))
    }

    @Test("lines count every newline, inside strings and arrays too")
    func lines() {
        let error = TOMLTestSupport.error(parsing: "a = \"\"\"\none\ntwo\n\"\"\"\nb = [\n  1,\n  2\n]\nc = @")
        #expect(error?.position == TOMLPosition(line: 9, column: 5))
        let crlf = TOMLTestSupport.error(parsing: "a = 1\r\nb = 2\r\nc = @")
        #expect(crlf?.position == TOMLPosition(line: 3, column: 5))
    }

    @Test("a byte order mark takes no column")
    func byteOrderMark() {
        #expect(TOMLTestSupport.error(parsing: "\u{FEFF}a = @")?.position == TOMLPosition(line: 1, column: 5))
    }

    @Test("an error reported at an earlier place is still placed right")
    func earlier() {
        let error = TOMLTestSupport.error(parsing: "x = 1\ny = \"abc")
        #expect(error?.position == TOMLPosition(line: 2, column: 5))
    }
}
