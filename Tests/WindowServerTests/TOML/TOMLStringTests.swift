import Testing
import WindowServer

/// `"""`, which a Swift literal cannot hold easily.
private let quotes = String(repeating: "\"", count: 3)

/// Basic, literal and multi-line strings: escapes, quotes, line ends, control characters.
@Suite("TOML strings")
struct TOMLStringTests {
    @Test(
        "valid strings",
        arguments: [
            ValidCase("basic", #"a = "hello""#, "a", .string("hello")),
            ValidCase("empty basic", #"a = """#, "a", .string("")),
            ValidCase("every short escape", #"a = "\b\t\n\f\r\"\\""#, "a", .string("\u{08}\t\n\u{0C}\r\"\\")),
            ValidCase("\\u escape", #"a = "\u00E9\u00e9""#, "a", .string("éé")),
            ValidCase("\\U escape", #"a = "\U0001F600""#, "a", .string("😀")),
            ValidCase("largest scalar", #"a = "\U0010FFFF""#, "a", .string("\u{10FFFF}")),
            ValidCase("NUL by escape", #"a = "\u0000""#, "a", .string("\u{0}")),
            ValidCase("tab raw", "a = \"x\ty\"", "a", .string("x\ty")),
            ValidCase("non-ASCII raw", #"a = "日本 é""#, "a", .string("日本 é")),
            ValidCase("literal keeps backslashes", #"a = 'C:\Users\nodejs'"#, "a", .string(#"C:\Users\nodejs"#)),
            ValidCase("empty literal", "a = ''", "a", .string("")),
            ValidCase(
                "multi-line drops the first newline",
                "a = \"\"\"\nline1\nline2\"\"\"",
                "a",
                .string("line1\nline2")
            ),
            ValidCase("multi-line keeps other newlines", "a = \"\"\"\n\nx\n\"\"\"", "a", .string("\nx\n")),
            ValidCase("multi-line CRLF read as LF", "a = \"\"\"\r\nx\r\ny\"\"\"", "a", .string("x\ny")),
            ValidCase(
                "line-ending backslash",
                "a = \"\"\"one \\\n    two \\\n\n  three\"\"\"",
                "a",
                .string("one two three")
            ),
            ValidCase("line-ending backslash with blanks after it", "a = \"\"\"x\\  \t\n  y\"\"\"", "a", .string("xy")),
            ValidCase("line-ending backslash at the end", "a = \"\"\"x\\\n\"\"\"", "a", .string("x")),
            ValidCase("one and two quotes inside", "a = " + quotes + #"a"b""c"# + quotes, "a", .string(#"a"b""c"#)),
            ValidCase("one quote right before the end", "a = " + quotes + "x\"" + quotes, "a", .string("x\"")),
            ValidCase("two quotes right before the end", "a = " + quotes + "x\"\"" + quotes, "a", .string("x\"\"")),
            ValidCase("empty multi-line", #"a = """""""#, "a", .string("")),
            ValidCase("escaped quotes in multi-line", "a = " + quotes + #"\"\"\""# + quotes, "a", .string(quotes)),
            ValidCase("multi-line literal", "a = '''\nraw \\n text\n'''", "a", .string("raw \\n text\n")),
            ValidCase("multi-line literal quotes", "a = '''x''y'''''", "a", .string("x''y''")),
            ValidCase("multi-line literal with a tab", "a = '''\tx'''", "a", .string("\tx")),
        ]
    )
    func valid(_ example: ValidCase) {
        example.check()
    }

    @Test(
        "invalid strings",
        arguments: [
            InvalidCase("unclosed basic", #"a = "abc"#, at: 1, 5, says: "not closed"),
            InvalidCase("newline in basic", "a = \"a\nb\"", at: 1, 7, says: "not closed on its line"),
            InvalidCase("newline in literal", "a = 'a\nb'", at: 1, 7, says: "not closed on its line"),
            InvalidCase("unclosed multi-line", "a = \"\"\"abc\n", at: 1, 5, says: "not closed"),
            InvalidCase("unclosed multi-line literal", "a = '''abc\n", at: 1, 5, says: "not closed"),
            InvalidCase("unknown escape", #"a = "\e""#, at: 1, 6, says: "\\e is not an escape"),
            InvalidCase("\\x is not TOML 1.0", #"a = "\x41""#, at: 1, 6, says: "\\x is not an escape"),
            InvalidCase(
                "backslash and space",
                #"a = "\ ""#,
                at: 1,
                6,
                says: "a backslash followed by a space is not an escape"
            ),
            InvalidCase(
                "backslash and space, not at a line end",
                "a = \"\"\"\\ x\"\"\"",
                at: 1,
                8,
                says: "not an escape"
            ),
            InvalidCase("short \\u", #"a = "\u12""#, at: 1, 10, says: "\\u needs 4 hexadecimal digits"),
            InvalidCase("short \\U", #"a = "\U1234""#, at: 1, 12, says: "\\U needs 8 hexadecimal digits"),
            InvalidCase("surrogate", #"a = "\uD800""#, at: 1, 6, says: "not a Unicode scalar value"),
            InvalidCase("above U+10FFFF", #"a = "\U00110000""#, at: 1, 6, says: "not a Unicode scalar value"),
            InvalidCase("raw NUL in basic", "a = \"nul\u{0}\"", at: 1, 9, says: "control character U+0000"),
            InvalidCase("raw escape character", "a = \"\u{1B}[0m\"", at: 1, 6, says: "control character U+001B"),
            InvalidCase("raw DEL in literal", "a = 'x\u{7F}'", at: 1, 7, says: "control character U+007F"),
            InvalidCase(
                "raw control in multi-line",
                "a = \"\"\"\u{7}\"\"\"",
                at: 1,
                8,
                says: "control character U+0007"
            ),
            InvalidCase(
                "raw control in multi-line literal",
                "a = '''\u{1F}'''",
                at: 1,
                8,
                says: "control character U+001F"
            ),
            InvalidCase("bare CR in multi-line", "a = \"\"\"x\ry\"\"\"", at: 1, 9, says: "carriage return"),
            InvalidCase("six quotes", "a = " + quotes + "a" + quotes + quotes, at: 1, 9, says: "6 quotes in a row"),
            InvalidCase("six single quotes", "a = '''a''''''", at: 1, 9, says: "6 quotes in a row"),
            InvalidCase("literal with a quote after", "a = 'a''", at: 1, 8, says: "expected the end of the line"),
        ]
    )
    func invalid(_ example: InvalidCase) {
        example.check()
    }
}
