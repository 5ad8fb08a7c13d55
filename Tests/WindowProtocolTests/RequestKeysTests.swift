import Testing
import WindowProtocol

/// A `run` group's `requests` table (windowd.toml(5)): what an open's arguments type into the
/// program, and what they cannot pass on.
@Suite("Request keys")
struct RequestKeysTests {
    static let vim = ["+{n}": "<Esc>:{n}<CR>", "+/{}": "<Esc>/{}<CR>"]

    @Test(
        "vim's +N and +/pattern become the keys that go to the line and search; the rest is named, in order",
        arguments: [
            (["+120"], "\u{1B}:120\r", [String]()),
            (["+/needle here"], "\u{1B}/needle here\r", []),
            (["+/<Esc>"], "\u{1B}/<Esc>\r", []),
            (["+12", "+/x"], "\u{1B}:12\r\u{1B}/x\r", []),
            (["-d", "b.txt"], "", ["-d", "b.txt"]),
            (["+", "+/", "+1x", "-c", "+3"], "\u{1B}:3\r", ["+", "+/", "+1x", "-c"]),
            (["+/a\nb", "+/\u{1B}:q"], "", ["+/a\nb", "+/\u{1B}:q"]),
        ]
    )
    func vim(_ request: [String], _ keys: String, _ notPassedOn: [String]) {
        let applied = RequestKeys.apply(request, Self.vim)
        #expect(applied.keys == Array(keys.utf8))
        #expect(applied.notPassedOn == notPassedOn)
    }

    @Test("a number pattern wins over a text one, a literal over both, a longer literal part over a shorter")
    func order() {
        let table = ["+{}": "T", "+{n}": "N", "+5": "F", "+1{n}": "O"]
        #expect(RequestKeys.apply(["+5", "+7", "+x", "+19"], table).keys == Array("FNTO".utf8))
    }

    @Test("without a table nothing is passed on; an empty request types nothing")
    func noTable() {
        #expect(RequestKeys.apply(["+1"], [:]).notPassedOn == ["+1"])
        #expect(RequestKeys.apply([], Self.vim).keys.isEmpty)
    }

    @Test(
        "key names as vim writes them, any case; an unknown name or an open < types nothing",
        arguments: [
            ("q", [UInt8(ascii: "q")]), ("<esc><Enter><Tab><Space><lt>", [0x1B, 0x0D, 0x09, 0x20, 0x3C]),
            ("<C-w>c", [0x17, UInt8(ascii: "c")]), ("é", [0xC3, 0xA9]),
        ]
    )
    func notation(_ notation: String, _ bytes: [UInt8]) {
        #expect(RequestKeys.keys(notation) == bytes)
    }

    @Test("a table entry is checked where it is written", arguments: ["<F1>", "a<b", "<C-1>", "<>"])
    func badKeys(_ keys: String) {
        #expect(RequestKeys.keys(keys) == nil)
        #expect(RequestKeys.problem(pattern: "+{n}", keys: keys)?.contains("names no key") == true)
    }

    @Test("a pattern has at most one placeholder, and its keys use only that one")
    func badPatterns() {
        #expect(RequestKeys.problem(pattern: "+{n}", keys: "{n}G") == nil)
        #expect(RequestKeys.problem(pattern: "-R", keys: "R") == nil)
        #expect(RequestKeys.problem(pattern: "+{n}{n}", keys: "x")?.contains("at most one") == true)
        #expect(RequestKeys.problem(pattern: "{}{n}", keys: "x")?.contains("at most one") == true)
        #expect(RequestKeys.problem(pattern: "", keys: "x") != nil)
        #expect(RequestKeys.problem(pattern: "+{n}", keys: "/{}") == #"uses {}, which its pattern "+{n}" has not"#)
    }

    @Test(
        "winctl run's request is the program's arguments without the window's file and the -- before it",
        arguments: [
            (["+120", "f"], ["+120"]), (["-d", "f", "g"], ["-d", "g"]), (["--", "f"], []),
            (["f", "f"], ["f"]), (["x"], ["x"]), (["+1", "--", "f", "+2"], ["+1", "+2"]),
        ]
    )
    func runRequest(_ arguments: [String], _ request: [String]) {
        #expect(RequestKeys.request(arguments) { $0 == "f" } == request)
    }
}
