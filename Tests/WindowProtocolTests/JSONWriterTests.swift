import Foundation
import TestSupport
import Testing
import WindowProtocol

@Suite("JSON writer")
struct JSONWriterTests {
    static let strings = [
        "", "a", "héllo", "quote\"back\\slash", "\u{0}\u{1}\u{1f}\n\r\t", "😀/</script>", "\u{7f}\u{2028}",
    ]
    static let numbers = ["-0", "1.5", "1.0", "1e2", "-2.5E-3", "1e400", "123456789012345678901234567890", "0.1"]

    static func value(_ random: inout SeededGenerator, depth: Int = 0) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 6 : 8), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2: return .int(Int64.random(in: .min ... .max, using: &random))
        case 3: return .number(numbers.randomElement(using: &random)!)
        case 4: return .string(strings.randomElement(using: &random)!)
        case 5: return .double(Double(Int.random(in: -1_000...1_000, using: &random)) / 8)
        case 6: return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                members[strings.randomElement(using: &random)! + String(Int.random(in: 0...9, using: &random))] = value(
                    &random,
                    depth: depth + 1
                )
            }
            return .object(members)
        }
    }

    @Test("any JSON value is written as JSON that parses back to exactly that value")
    func roundTrip() throws {
        var random = SeededGenerator(seed: 2026)
        for _ in 0..<2_000 {
            let value = Self.value(&random)
            let written = try JSONWriter.bytes(value)
            var expected = value
            if case .double(let number) = value { expected = try JSONParser.parse(Array(number.description.utf8)) }
            #expect(
                try JSONParser.parse(written) == Self.parsedForm(expected),
                "\(String(decoding: written, as: UTF8.self))"
            )
        }
    }

    @Test("a character to escape is escaped wherever it lies in a long string, eight bytes at a time or not")
    func escapesAtEveryOffset() throws {
        let plain = "abcdefghijklmnopqrstuvwxyz0123456789é😀"
        for special in ["\"", "\\", "\u{0}", "\u{1f}", "\n", "\t", "\u{7f}", "~", "\u{2028}"] {
            for offset in 0...40 {
                let text = String(plain.prefix(offset)) + special + String(plain.dropFirst(offset))
                var json = JSONBytes()
                json.writeString(text)
                #expect(json.bytes == Array(Self.escaped(text).utf8), "\(text.debugDescription)")
                #expect(try JSONParser.parse(json.bytes) == .string(text))
            }
        }
    }

    /// `text` as a JSON string, escaped one character at a time: the reference for `writeString`.
    static func escaped(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// What the parser makes of a value's text: doubles come back as the text they print as.
    static func parsedForm(_ value: JSONValue) -> JSONValue {
        switch value {
        case .double(let number): return (try? JSONParser.parse(Array(number.description.utf8))) ?? value
        case .array(let elements): return .array(elements.map(parsedForm))
        case .object(let members): return .object(members.mapValues(parsedForm))
        default: return value
        }
    }

    @Test("wire types come out as JSONEncoder writes them, members in declaration order")
    func agreesWithJSONEncoder() throws {
        let window = WindowInfo(
            id: "3f2a6c1e-0000-4000-8000-000000000001",
            group: "detail",
            value: .int(42),
            phase: .active,
            attached: true,
            createdAt: "2026-11-23T00:00:00Z"
        )
        let values: [any Encodable] = [
            RPCResponse(id: .number(7), result: WindowOpen.Result(window: window, outcome: .created)),
            RPCResponse<NoParams>(id: nil, error: .refused(.windowBusy, "busy \"now\"")),
            RPCResponse(
                id: .string("x"),
                result: AppTransition.Result(state: .onboarding(.welcome), previous: .error(.sessionExpired))
            ),
            RPCResponse(id: .number(-1), result: WindowList.Result(windows: [window, window])),
            RPCRequest(id: .number(1), method: "hello", params: Hello.Params(client: nil, protocol: 1)),
        ]
        for value in values {
            let ours = try JSONWriter.bytes(value)
            let theirs = try JSONEncoder().encode(value)
            #expect(
                try JSONParser.parse(ours) == JSONParser.parse(Array(theirs)),
                "\(String(decoding: ours, as: UTF8.self))"
            )
        }
        let response = try JSONWriter.bytes(RPCResponse<NoParams>(id: .number(1), error: .invalidParams("x")))
        #expect(
            String(decoding: response, as: UTF8.self)
                == #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"x"}}"#
        )
    }

    /// A member of each integer width and a `Float`, at their extremes.
    struct Widths: Encodable {
        var int8 = Int8.min, int16 = Int16.min, int32 = Int32.min, int64 = Int64.min, int = Int.max
        var uint8 = UInt8.max, uint16 = UInt16.max, uint32 = UInt32.max, uint64 = UInt64.max, uint = UInt.max
        var float: Float = 0.5
        var optional: Int32? = 7
    }

    @Test("members of every integer width and a Float come out as JSONEncoder writes them, in declaration order")
    func integerWidths() throws {
        let ours = try JSONWriter.bytes(Widths())
        #expect(
            try JSONParser.parse(ours) == JSONParser.parse(Array(try JSONEncoder().encode(Widths()))),
            "\(String(decoding: ours, as: UTF8.self))"
        )
        #expect(
            String(decoding: ours, as: UTF8.self)
                == #"{"int8":-128,"int16":-32768,"int32":-2147483648,"int64":-9223372036854775808,"int":9223372036854775807,"#
                + #""uint8":255,"uint16":65535,"uint32":4294967295,"uint64":18446744073709551615,"uint":18446744073709551615,"#
                + #""float":0.5,"optional":7}"#
        )
    }

    @Test(
        "request ids and numbers are echoed byte for byte",
        arguments: [
            "1", "-0", "1.5", "1.0", "1e2", "9223372036854775808", "123456789012345678901234567890", #""abc""#, #""""#,
        ]
    )
    func exactIDs(text: String) throws {
        let parsed = try JSONParser.parse(Array(text.utf8))
        let id = try #require(RequestID(parsed))
        let written = String(
            decoding: try JSONWriter.bytes(RPCResponse<NoParams>(id: id, error: .invalidRequest("x"))),
            as: UTF8.self
        )
        #expect(written.hasPrefix(#"{"jsonrpc":"2.0","id":\#(text),"#))
        #expect(try JSONWriter.bytes(parsed) == Array(text.utf8))
    }

    @Test("ids JSON-RPC does not allow are not ids", arguments: [#"{"a":1}"#, "[1]", "true", "null"])
    func invalidIDs(text: String) throws {
        #expect(RequestID(try JSONParser.parse(Array(text.utf8))) == nil)
    }

    @Test("a non-finite Double has no JSON form and is refused, not written")
    func nonFinite() {
        #expect(throws: JSONWriter.Failure.self) { try JSONWriter.bytes([Double.infinity]) }
    }
}

@Suite("Exact number text")
struct JSONNumberTextTests {
    @Test(
        "whole numbers in range are read exactly, whatever their spelling",
        arguments: [
            ("9007199254740993", Int64(9_007_199_254_740_993)), ("9007199254740993.0", 9_007_199_254_740_993),
            ("4.2e1", 42),
            ("42.000", 42), ("-0", 0), ("-0.0", 0), ("1E2", 100), ("9223372036854775807", .max),
            ("-9223372036854775808", .min),
            ("0.5e1", 5), ("12300e-2", 123),
        ]
    )
    func integers(text: String, expected: Int64) {
        #expect(JSONNumberText(text)?.integer() == expected)
    }

    @Test(
        "fractions and numbers out of range are no integer",
        arguments: ["42.5", "1e400", "9223372036854775808", "-9223372036854775809", "1e-1", "0.1"]
    )
    func notIntegers(text: String) {
        #expect(JSONNumberText(text) != nil)
        #expect(JSONNumberText(text)?.integer() == nil)
    }

    @Test("what is not a JSON number is refused", arguments: ["", "01", "1.", ".5", "+1", "1e", "--1", "1x", "NaN"])
    func invalid(text: String) {
        #expect(JSONNumberText(text) == nil)
    }
}
