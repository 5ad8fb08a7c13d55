import Testing
import WindowServer

/// `[table]`, `[[array of tables]]`, dotted keys, and the rules against defining anything twice.
@Suite("TOML tables and redefinition rules")
struct TOMLTableRuleTests {
    @Test(
        "valid tables",
        arguments: [
            ValidCase("a header", "[a]\nb = 1", "a.b", .integer(1)),
            ValidCase("a sub-table before its parent", "[a.b]\nc = 1\n[a]\nd = 2", "a.b.c", .integer(1)),
            ValidCase("the parent after its sub-table", "[a.b]\nc = 1\n[a]\nd = 2", "a.d", .integer(2)),
            ValidCase("super-tables made implicitly", "[x.y.z.w]\na = 1", "x.y.z.w.a", .integer(1)),
            ValidCase("empty table", "[a]", "a", .table(TOMLTable())),
            ValidCase(
                "header then dotted sub-keys",
                "[fruit]\napple.color = \"red\"\napple.taste.sweet = true",
                "fruit.apple.taste.sweet",
                .boolean(true)
            ),
            ValidCase(
                "a header inside a dotted-key table",
                "[fruit]\napple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true",
                "fruit.apple.texture.smooth",
                .boolean(true)
            ),
            ValidCase("a header inside a root dotted-key table", "a.b = 1\n[a.c]\nd = 2", "a.c.d", .integer(2)),
            ValidCase(
                "dotted keys into a table a header named implicitly",
                "[t.a.c]\nx = 1\n[t]\na.d = 1",
                "t.a.d",
                .integer(1)
            ),
            ValidCase("array of tables", "[[a]]\nb = 1\n[[a]]\nb = 2", "a.1.b", .integer(2)),
            ValidCase(
                "empty tables in an array of tables",
                "[[a]]\n[[a]]",
                "a",
                .array(TOMLArray([.table(TOMLTable()), .table(TOMLTable())]))
            ),
            ValidCase("a sub-table of the last element", "[[a]]\nb = 1\n[[a]]\n[a.c]\nd = 1", "a.1.c.d", .integer(1)),
            ValidCase(
                "nested arrays of tables",
                """
                [[fruits]]
                name = "apple"
                [fruits.physical]
                color = "red"
                [[fruits.varieties]]
                name = "red delicious"
                [[fruits.varieties]]
                name = "granny smith"
                [[fruits]]
                name = "banana"
                [[fruits.varieties]]
                name = "plantain"
                """,
                "fruits.0.varieties.1.name",
                .string("granny smith")
            ),
            ValidCase(
                "nested arrays of tables, the second",
                """
                [[fruits]]
                [[fruits.varieties]]
                name = "red delicious"
                [[fruits]]
                [[fruits.varieties]]
                name = "plantain"
                """,
                "fruits.1.varieties.0.name",
                .string("plantain")
            ),
            ValidCase(
                "a table header after an array of tables' sub-table",
                "[[a]]\n[a.b]\n[[a]]\n[a.b]\nx = 2",
                "a.1.b.x",
                .integer(2)
            ),
            ValidCase("a parent header after [[a.b]]", "[[a.b]]\n[a]\nc = 1", "a.c", .integer(1)),
        ]
    )
    func valid(_ example: ValidCase) {
        example.check()
    }

    @Test(
        "invalid redefinitions",
        arguments: [
            InvalidCase(
                "a key twice",
                "a = 1\na = 2",
                at: 2,
                1,
                says: "a is defined twice; it was first defined at line 1"
            ),
            InvalidCase("a quoted key equal to a bare one", "a = 1\n\"a\" = 2", at: 2, 1, says: "a is defined twice"),
            InvalidCase("a key twice in a table", "[t]\na = 1\na = 2", at: 3, 1, says: "t.a is defined twice"),
            InvalidCase(
                "a table twice",
                "[a]\nb = 1\n[a]\nc = 2",
                at: 3,
                1,
                says: "the table [a] is defined twice; it was first defined at line 1"
            ),
            InvalidCase(
                "a table twice with its sub-table between",
                "[a]\n[a.b]\n[a]",
                at: 3,
                1,
                says: "the table [a] is defined twice"
            ),
            InvalidCase(
                "a sub-table twice",
                "[a.b]\nx = 1\n[a]\n[a.b]",
                at: 4,
                1,
                says: "the table [a.b] is defined twice"
            ),
            InvalidCase(
                "a key, then a table of the same name",
                "[a]\nb = 1\n[a.b]",
                at: 3,
                1,
                says: "a.b is already an integer, defined at line 2"
            ),
            InvalidCase(
                "a table, then a key of the same name",
                "[a.b]\n[a]\nb = 1",
                at: 3,
                1,
                says: "a.b is defined twice; it was first defined at line 1"
            ),
            InvalidCase(
                "a value extended by a dotted key",
                "a.b = 1\na.b.c = 2",
                at: 2,
                3,
                says: "cannot add to a.b with a dotted key: it is already an integer"
            ),
            InvalidCase(
                "a header on a dotted-key table",
                "[fruit]\napple.color = \"red\"\n[fruit.apple]",
                at: 3,
                1,
                says: "the table [fruit.apple] was already defined by dotted keys at line 2"
            ),
            InvalidCase(
                "a header on a deeper dotted-key table",
                "[fruit]\napple.taste.sweet = true\n[fruit.apple.taste]",
                at: 3,
                1,
                says: "already defined by dotted keys"
            ),
            InvalidCase(
                "a header on a root dotted-key table",
                "a.b = 1\n[a]",
                at: 2,
                1,
                says: "the table [a] was already defined by dotted keys at line 1"
            ),
            InvalidCase(
                "a dotted key into a header's table",
                "[a.b.c]\nz = 9\n[a]\nb.c.t = 1",
                at: 4,
                3,
                says: "cannot add to the table a.b.c with a dotted key: it was defined by its header at line 1"
            ),
            InvalidCase(
                "a dotted key through a header's table",
                "[a.b.c.d]\nz = 9\n[a]\nb.c.d.k.t = 1",
                at: 4,
                5,
                says: "it was defined by its header at line 1"
            ),
            InvalidCase(
                "a header, then the implicit table defined by dotted keys",
                "[t.a.c]\n[t]\na.d = 1\n[t.a]",
                at: 4,
                1,
                says: "the table [t.a] was already defined by dotted keys at line 3"
            ),
            InvalidCase(
                "[table] on an array of tables",
                "[[a]]\n[a]",
                at: 2,
                1,
                says: "a is an array of tables (line 1); write [[a]] to add a table to it"
            ),
            InvalidCase(
                "[[ ]] on a table",
                "[a]\n[[a]]",
                at: 2,
                1,
                says: "a is a table (line 1), not an array of tables"
            ),
            InvalidCase("[[ ]] on an implicit table", "[a.b]\n[[a]]", at: 2, 1, says: "a is a table"),
            InvalidCase("[[ ]] on a key", "a = 1\n[[a]]", at: 2, 1, says: "a is already an integer"),
            InvalidCase(
                "[table] on a nested array of tables",
                "[[f]]\n[[f.v]]\n[f.v]",
                at: 3,
                1,
                says: "f.v is an array of tables"
            ),
            InvalidCase("[[ ]] on a table that was an implicit parent", "[f.p]\n[[f]]", at: 2, 1, says: "f is a table"),
            InvalidCase(
                "a header again after [[t.arr]]",
                "[[a]]\n[t]\n[[t.arr]]\n[t]",
                at: 4,
                1,
                says: "the table [t] is defined twice"
            ),
            InvalidCase(
                "a dotted key through an array of tables",
                "[[a.arr]]\n[a]\narr.x = 1",
                at: 3,
                1,
                says: "cannot add to a.arr with a dotted key: it is an array of tables"
            ),
            InvalidCase(
                "a header through a value",
                "a = 1\n[a.b]",
                at: 2,
                2,
                says: "a is already an integer, defined at line 1, so it cannot hold a table"
            ),
        ]
    )
    func invalid(_ example: InvalidCase) {
        example.check()
    }

    @Test("a table defined by a header is placed where its header is")
    func tablePositions() throws {
        let document = try TOMLParser.parse("[a.b]\nx = 1\n\n[a]\ny = 2\n[[c]]\n[[c]]\n")
        #expect(document.entry("a")?.position == TOMLPosition(line: 4, column: 1))
        let a = try #require(document["a"]?.table)
        #expect(a.position == TOMLPosition(line: 4, column: 1))
        #expect(a.entry("b")?.position == TOMLPosition(line: 1, column: 1))
        #expect(a.entry("y")?.position == TOMLPosition(line: 5, column: 1))
        let c = try #require(document["c"]?.array)
        #expect(c.positions.map(\.line) == [6, 7])
    }
}
