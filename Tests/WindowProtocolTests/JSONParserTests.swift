import Foundation
import Testing
import WindowProtocol

@Suite("JSON parser")
struct JSONParserTests {
    static func parse(_ text: String) throws -> JSONValue {
        try JSONParser.parse(Array(text.utf8))
    }

    @Test(
        "values of every kind",
        arguments: [
            (
                #"{"a":1,"b":[true,false,null],"c":"x","d":-2.5e3,"e":{}}"#,
                JSONValue.object([
                    "a": .int(1), "b": .array([.bool(true), .bool(false), .null]), "c": .string("x"),
                    "d": .number("-2.5e3"), "e": .object([:]),
                ])
            ),
            (
                " [ 0 , -0 , 9223372036854775807 , 1.5 ] ",
                .array([.int(0), .number("-0"), .int(Int64.max), .number("1.5")])
            ),
            (#""\u00e9\ud83d\ude00\n\"\\\/""#, .string("é😀\n\"\\/")),
            ("\"héllo\"", .string("héllo")),
            ("92233720368547758080", .number("92233720368547758080")),
            ("1e400", .number("1e400")),
            ("-9223372036854775808", .int(Int64.min)),
        ]
    )
    func valid(text: String, expected: JSONValue) throws {
        #expect(try Self.parse(text) == expected)
    }

    @Test(
        "what is not JSON is refused",
        arguments: [
            "", "{", "[1,]", "{\"a\"}", "{\"a\":1,}", "01", "1.", "-", "1e", "tru", "nul", "\"abc", "\"\\x\"",
            "\"\\ud800\"", "\"\\udc00x\"", "{\"a\":1}x", "[1 2]", "\"a\u{01}b\"", "NaN", "+1", ".5",
        ]
    )
    func invalid(text: String) {
        #expect(throws: JSONParser.Failure.self) { try Self.parse(text) }
    }

    @Test("invalid UTF-8 and raw NUL inside strings are refused")
    func bytes() {
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xC3, 0x28, 0x22]) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0x61, 0x00, 0x22]) }
        #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xED, 0xA0, 0x80, 0x22]) }
    }

    @Test("nesting is bounded instead of exhausting the stack")
    func depth() throws {
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try Self.parse(fine) }
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParser.Failure.self) { try Self.parse(deep) }
    }

    /// Numbers by value: the parser keeps their text, Foundation rounds them to Double.
    static func byValue(_ value: JSONValue) -> JSONValue {
        switch value {
        case .number(let text): return .double(Double(text)!)
        case .array(let elements): return .array(elements.map(byValue))
        case .object(let members): return .object(members.mapValues(byValue))
        default: return value
        }
    }

    @Test("it agrees with JSONDecoder on what it accepts, numbers by value")
    func agreesWithFoundation() throws {
        let samples = [
            #"{"jsonrpc":"2.0","id":7,"method":"window.open","params":{"group":"detail","value":"42"}}"#,
            #"[1,"two",{"three":[3.25,null]}]"#, #""\ud83d\ude00""#,
        ]
        for sample in samples {
            let foundation = try JSONDecoder().decode(JSONValue.self, from: Data(sample.utf8))
            #expect(Self.byValue(try Self.parse(sample)) == foundation)
        }
    }
}

@Suite("Decoding from a parsed tree")
struct JSONValueDecoderTests {
    @Test("method params decode from the tree as from bytes")
    func params() throws {
        let tree = try JSONParser.parse(Array(#"{"id":"x","phase":"inactive","takeover":true,"value":{"k":[1]}}"#.utf8))
        let attach = try JSONValueDecoder().decode(WindowAttach.Params.self, from: tree)
        #expect(attach.id == "x" && attach.phase == .inactive && attach.takeover == true)
        #expect(attach.value == .object(["k": .array([.int(1)])]))
        let set = try JSONValueDecoder().decode(
            StorageSet.Params.self,
            from: .object(["id": .string("w"), "key": .string("k"), "value": .null])
        )
        #expect(set.value == .null)
        let open = try JSONValueDecoder().decode(
            WindowOpen.Params.self,
            from: .object(["group": .string("main"), "value": .null])
        )
        #expect(open.value == nil)
    }

    @Test("errors carry the coding path")
    func errors() throws {
        do {
            _ = try JSONValueDecoder().decode(
                SceneSetPhase.Params.self,
                from: .object(["id": .string("w"), "phase": .int(3)])
            )
            Issue.record("an integer phase was accepted")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["phase"])
        }
        do {
            _ = try JSONValueDecoder().decode(WindowOpen.Params.self, from: .object([:]))
            Issue.record("a missing group was accepted")
        } catch let DecodingError.keyNotFound(key, _) {
            #expect(key.stringValue == "group")
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(
                Hello.Result.self,
                from: .object([
                    "server": .string("w"), "version": .string("1"), "protocol": .int(1),
                    "pid": .int(Int64(Int32.max) + 1),
                ])
            )
        }
    }

    @Test(
        "integers are read as Int64 exactly up to its bounds, past them and -0 as their text",
        arguments: [
            ("0", JSONValue.int(0)), ("-0", .number("-0")), ("7", .int(7)), ("-7", .int(-7)),
            ("999999999999999999", .int(999_999_999_999_999_999)),
            ("-999999999999999999", .int(-999_999_999_999_999_999)),
            ("1000000000000000000", .int(1_000_000_000_000_000_000)),
            ("9223372036854775807", .int(.max)), ("-9223372036854775808", .int(.min)),
            ("9223372036854775808", .number("9223372036854775808")),
            ("-9223372036854775809", .number("-9223372036854775809")),
            ("12345678901234567890123", .number("12345678901234567890123")), ("-0.0", .number("-0.0")),
            ("10e2", .number("10e2")),
        ]
    )
    func integers(text: String, value: JSONValue) throws {
        #expect(try JSONParser.parse(Array(text.utf8)) == value)
    }

    @Test("a UInt64 past Int64.max decodes from its text; past UInt64.max it is refused")
    func largeUnsigned() throws {
        #expect(
            try JSONValueDecoder().decode(UInt64.self, from: JSONParser.parse(Array("18446744073709551615".utf8)))
                == .max
        )
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(UInt64.self, from: JSONParser.parse(Array("18446744073709551616".utf8)))
        }
        #expect(throws: DecodingError.self) {
            try JSONValueDecoder().decode(Int64.self, from: JSONParser.parse(Array("9223372036854775808".utf8)))
        }
    }
}
