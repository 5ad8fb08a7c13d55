import Testing
import WindowServer

/// Keys (bare, quoted, dotted), comments, and what may follow an expression on its line.
@Suite("TOML keys and document structure")
struct TOMLKeyTests {
    @Test(
        "valid keys",
        arguments: [
            ValidCase("bare key", "key = 1", "key", .integer(1)),
            ValidCase("bare key with - and _", "bare_key-2 = 1", "bare_key-2", .integer(1)),
            ValidCase("digits are a bare key", "1234 = 1", "1234", .integer(1)),
            ValidCase("a float-like key is dotted", "3.14159 = \"pi\"", "3.14159", .string("pi")),
            ValidCase("basic quoted key", "\"a b\" = 1", "a b", .integer(1)),
            ValidCase("quoted key with escapes", "\"\\u00e9\" = 1", "é", .integer(1)),
            ValidCase("literal quoted key", "'c:\\dir' = 1", "c:\\dir", .integer(1)),
            ValidCase("empty quoted key", "\"\" = 1", "", .integer(1)),
            ValidCase("dotted key", "a.b.c = 1", "a.b.c", .integer(1)),
            ValidCase("whitespace around dots", "a . b\t.c = 1", "a.b.c", .integer(1)),
            ValidCase(
                "quoted parts of a dotted key",
                "site.\"google.com\" = true",
                "site",
                .table(
                    {
                        var table = TOMLTable()
                        table.set("google.com", .boolean(true))
                        return table
                    }()
                )
            ),
            ValidCase("dotted keys share their tables", "a.b = 1\na.c = 2", "a.c", .integer(2)),
            ValidCase("indented key", "  \tkey = 1", "key", .integer(1)),
            ValidCase("no space around =", "key=1", "key", .integer(1)),
            ValidCase("comment after a value", "key = 1 # one", "key", .integer(1)),
            ValidCase("comment with non-ASCII text", "# é ✓ 😀\nkey = 1", "key", .integer(1)),
            ValidCase("comment with a tab", "key = 1 #\ttab", "key", .integer(1)),
            ValidCase("empty lines and comments only", "\n\n# c\n\nkey = 1\n\n", "key", .integer(1)),
            ValidCase("CRLF line ends", "a = 1\r\nb = 2\r\n", "b", .integer(2)),
            ValidCase("byte order mark at the start", "\u{FEFF}key = 1", "key", .integer(1)),
            ValidCase("header with spaces", "[ a . b ]\nc = 1", "a.b.c", .integer(1)),
            ValidCase("quoted header", "[\"a b\".'c']\nd = 1", "a b.c.d", .integer(1)),
        ]
    )
    func valid(_ example: ValidCase) {
        example.check()
    }

    @Test("an empty document is an empty table")
    func empty() throws {
        #expect(try TOMLParser.parse("").isEmpty)
        #expect(try TOMLParser.parse("\n# only a comment\n").isEmpty)
    }

    @Test(
        "invalid keys and lines",
        arguments: [
            InvalidCase("no key", "= 1", at: 1, 1, says: "expected a key, found '='"),
            InvalidCase("space in a bare key", "a b = 1", at: 1, 3, says: "expected '=' after the key a, found 'b'"),
            InvalidCase("non-ASCII bare key", "é = 1", at: 1, 1, says: "needs quotes"),
            InvalidCase("key without a value", "a", at: 1, 2, says: "expected '='"),
            InvalidCase("nothing after =", "a =", at: 1, 4, says: "expected a value, found the end of the file"),
            InvalidCase("newline after =", "a =\n1", at: 1, 4, says: "expected a value, found the end of the line"),
            InvalidCase("comment after =", "a = # c", at: 1, 5, says: "expected a value, found '#'"),
            InvalidCase("two =", "a == 1", at: 1, 4, says: "expected a value, found '='"),
            InvalidCase("dot at the start", ".a = 1", at: 1, 1, says: "expected a key"),
            InvalidCase("dot at the end", "a. = 1", at: 1, 4, says: "expected a key after '.'"),
            InvalidCase("two dots", "a..b = 1", at: 1, 3, says: "expected a key after '.'"),
            InvalidCase("multi-line basic key", "\"\"\"a\"\"\" = 1", at: 1, 1, says: "cannot be a multi-line string"),
            InvalidCase("multi-line literal key", "'''a''' = 1", at: 1, 1, says: "cannot be a multi-line string"),
            InvalidCase("unclosed quoted key", "\"a = 1", at: 1, 1, says: "not closed"),
            InvalidCase(
                "two values on a line",
                "a = 1 b = 2",
                at: 1,
                7,
                says: "expected the end of the line after the value of a, found 'b'"
            ),
            InvalidCase("two strings", "a = \"x\" \"y\"", at: 1, 9, says: "expected the end of the line"),
            InvalidCase("empty header", "[]", at: 1, 2, says: "expected a table name after '[', found ']'"),
            InvalidCase("unclosed header", "[a\nb = 1", at: 1, 3, says: "expected ']' to close the header [a]"),
            InvalidCase(
                "header then key on one line",
                "[a] b = 1",
                at: 1,
                5,
                says: "expected the end of the line after the table header [a]"
            ),
            InvalidCase("extra ]", "[a]]", at: 1, 4, says: "found ']'"),
            InvalidCase("[ [a] ] is not an array header", "[ [a] ]", at: 1, 3, says: "expected a table name after '['"),
            InvalidCase("unclosed array header", "[[a]\n", at: 1, 4, says: "expected ']]'"),
            InvalidCase(
                "three brackets",
                "[[[ nonsense",
                at: 1,
                3,
                says: "expected a table name after '[[', found '['"
            ),
            InvalidCase("a symbol in a header", "[&", at: 1, 2, says: "expected a table name after '[', found '&'"),
            InvalidCase("a bare word as value", "a = many", at: 1, 5, says: "found many; a string needs quotes"),
        ]
    )
    func invalid(_ example: InvalidCase) {
        example.check()
    }

    @Test("a syntax error names the key being defined, with its table")
    func errorKey() {
        #expect(TOMLTestSupport.error(parsing: "[daemon]\nmax_clients = = 3")?.key == ["daemon", "max_clients"])
        #expect(TOMLTestSupport.error(parsing: "[daemon\nmax_clients = 5\n")?.key == ["daemon"])
        #expect(TOMLTestSupport.error(parsing: "a = { b = { c = tru } }")?.key == ["a", "b", "c"])
        #expect(TOMLTestSupport.error(parsing: "[[[")?.key == nil)
    }

    @Test("keys keep the order they were written in")
    func order() throws {
        let document = try TOMLParser.parse("z = 1\na = 2\n[m]\n[b]\n")
        #expect(document.keys == ["z", "a", "m", "b"])
    }

    @Test("keys are written bare when they can be")
    func dotted() {
        #expect(TOMLKey.dotted(["groups", "detail", "value"]) == "groups.detail.value")
        #expect(TOMLKey.dotted(["groups", "two words", "a\"b"]) == #"groups."two words"."a\"b""#)
        #expect(TOMLKey.dotted([""]) == #""""#)
    }
}
