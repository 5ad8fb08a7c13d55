import Testing
import WindowServer

/// Arrays (mixed types, newlines, comments, trailing commas) and inline tables (one line,
/// no trailing comma, closed once written).
@Suite("TOML arrays and inline tables")
struct TOMLArrayTests {
    @Test(
        "valid arrays and inline tables",
        arguments: [
            ValidCase("empty array", "a = []", "a", .array(TOMLArray())),
            ValidCase("integers", "a = [1, 2, 3]", "a", .array(TOMLArray([.integer(1), .integer(2), .integer(3)]))),
            ValidCase("mixed types", "a = [1, \"two\", 3.0, [4], { five = 5 }]", "a.1", .string("two")),
            ValidCase("mixed types, the table", "a = [1, \"two\", 3.0, [4], { five = 5 }]", "a.4.five", .integer(5)),
            ValidCase("nested", "a = [[1, 2], [\"a\"]]", "a.1.0", .string("a")),
            ValidCase("trailing comma", "a = [1, 2,]", "a", .array(TOMLArray([.integer(1), .integer(2)]))),
            ValidCase(
                "newlines and comments",
                "a = [ # first\n  1, # one\n\n  2 # two\n  , # comma\n]",
                "a",
                .array(TOMLArray([.integer(1), .integer(2)]))
            ),
            ValidCase("CRLF inside", "a = [\r\n1,\r\n2\r\n]", "a.1", .integer(2)),
            ValidCase("empty inline table", "a = {}", "a", .table(TOMLTable())),
            ValidCase("inline table", "a = { x = 1, y = \"two\" }", "a.y", .string("two")),
            ValidCase("dotted keys in an inline table", "a = { b.c = 1, b.d = 2 }", "a.b.d", .integer(2)),
            ValidCase("nested inline tables", "a = { b = { c = { d = 1 } } }", "a.b.c.d", .integer(1)),
            ValidCase("array in an inline table over lines", "a = { b = [\n1,\n2] }", "a.b.1", .integer(2)),
            ValidCase("multi-line string in an inline table", "a = { b = \"\"\"\nx\"\"\" }", "a.b", .string("x")),
            ValidCase("inline tables in an array", "a = [{ b = 1 }, { b = 2 }]", "a.1.b", .integer(2)),
        ]
    )
    func valid(_ example: ValidCase) {
        example.check()
    }

    @Test(
        "invalid arrays and inline tables",
        arguments: [
            InvalidCase(
                "missing comma",
                "a = [1 2]",
                at: 1,
                8,
                says: "expected ',' or ']' after an element of the array, found '2'"
            ),
            InvalidCase("only a comma", "a = [,]", at: 1, 6, says: "expected a value, found ','"),
            InvalidCase("two commas", "a = [1,,2]", at: 1, 8, says: "expected a value, found ','"),
            InvalidCase("unclosed", "a = [1, 2", at: 1, 10, says: "found the end of the file"),
            InvalidCase("unclosed over lines", "a = [1,\n2\nb = 3", at: 3, 1, says: "expected ',' or ']'"),
            InvalidCase("inline: trailing comma", "a = { b = 1, }", at: 1, 14, says: "cannot end with a comma"),
            InvalidCase(
                "inline: newline before a key",
                "a = {\n b = 1 }",
                at: 1,
                6,
                says: "must end on the line it starts on"
            ),
            InvalidCase(
                "inline: newline before }",
                "a = { b = 1\n}",
                at: 1,
                12,
                says: "must end on the line it starts on"
            ),
            InvalidCase(
                "inline: newline after a comma",
                "a = { b = 1,\n c = 2 }",
                at: 1,
                13,
                says: "must end on the line it starts on"
            ),
            InvalidCase("inline: missing comma", "a = { b = 1 c = 2 }", at: 1, 13, says: "expected ',' or '}'"),
            InvalidCase("inline: only a comma", "a = { , }", at: 1, 7, says: "expected a key, found ','"),
            InvalidCase("inline: comment", "a = { b = 1 # c\n}", at: 1, 13, says: "expected ',' or '}'"),
            InvalidCase("inline: key twice", "a = { b = 1, b = 2 }", at: 1, 14, says: "a.b is defined twice"),
            InvalidCase("inline: dotted then plain", "a = { b.c = 1, b = 2 }", at: 1, 16, says: "a.b is defined twice"),
            InvalidCase(
                "inline: extending an inline table inside",
                "a = { b = {}, b.c = 1 }",
                at: 1,
                15,
                says: "cannot add to a.b with a dotted key: it is already an inline table"
            ),
            InvalidCase(
                "inline table closed to dotted keys",
                "a = { b = 1 }\na.c = 2",
                at: 2,
                1,
                says: "cannot add to a with a dotted key: it is already an inline table, defined at line 1"
            ),
            InvalidCase(
                "inline table closed to headers",
                "a = { b = 1 }\n[a.c]",
                at: 2,
                2,
                says: "a is already an inline table"
            ),
            InvalidCase(
                "inner inline table closed too",
                "a = { b = { c = 1 } }\n[a.b]",
                at: 2,
                2,
                says: "a is already an inline table"
            ),
            InvalidCase(
                "inline table closed to its own header",
                "a = {}\n[a]",
                at: 2,
                1,
                says: "a is already an inline table"
            ),
            InvalidCase(
                "static array closed to [[ ]]",
                "a = []\n[[a]]",
                at: 2,
                1,
                says: "a is already an array, defined at line 1"
            ),
            InvalidCase(
                "static array of tables closed to headers",
                "a = [{ b = 1 }]\n[a.c]",
                at: 2,
                2,
                says: "a is already an array"
            ),
        ]
    )
    func invalid(_ example: InvalidCase) {
        example.check()
    }

    @Test("each element keeps its position")
    func positions() throws {
        let document = try TOMLParser.parse("a = [\n  1,\n    \"x\", [2]]")
        let array = try #require(document["a"]?.array)
        #expect(array.position == TOMLPosition(line: 1, column: 5))
        #expect(
            array.positions == [
                TOMLPosition(line: 2, column: 3), TOMLPosition(line: 3, column: 5), TOMLPosition(line: 3, column: 10),
            ]
        )
    }
}
