import TestSupport
import Testing
import WindowProtocol

/// `JSONParser.parseRequestLine` against `JSONParser.parse`: the same verdict on every input —
/// the same failure at the same byte, or the same members of every request object.
@Suite("Request line parser")
struct RequestLineParserTests {
    /// What `parseRequestLine` must give, worked out from the general parser's tree.
    static func expected(_ value: JSONValue) -> JSONParser.RequestLine {
        func members(_ value: JSONValue) -> JSONParser.RequestMembers? {
            guard case .object(let members) = value else { return nil }
            return JSONParser.RequestMembers(members)
        }
        if case .array(let elements) = value { return .batch(elements.map(members)) }
        return .single(members(value))
    }

    private func agree(_ text: String) {
        let bytes = Array(text.utf8)
        let general = Result { () throws(JSONParser.Failure) in try JSONParser.parse(bytes) }
        let requests = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParser.Failure) in try JSONParser.parseRequestLine(raw) }
        }
        switch (general, requests) {
        case (.success(let value), .success(let line)):
            #expect(line == Self.expected(value), "\(text)")
        case (.failure(let expected), .failure(let failure)):
            #expect(failure == expected, "\(text)")
        default:
            Issue.record("the parsers disagree on \(text): \(general) vs \(requests)")
        }
    }

    @Test(
        "hand-picked lines: members named with escapes, given twice, nested, batches, junk",
        arguments: [
            #"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"detail","value":42}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"a","method":"b"}"#,
            #"{"\u006asonrpc":"2.0","\u0069d":7,"m\u0065thod":"x","par\u0061ms":[]}"#,
            #"{"id":1,"idx":2,"Method":"x","params ":{},"":null}"#,
            #"[{"jsonrpc":"2.0","id":1,"method":"x"},1,"s",[],{}]"#,
            #"[]"#, #"[1,2]"#, #"  { }  "#, #"null"#, #"42"#, #""text""#,
            #"{"id":1,}"#, #"{"id" 1}"#, #"[{"id":1},]"#, #"{"id":1} x"#, #"{"a":"\ud800"}"#, #"{"\ud800":1}"#,
            "{\"id\":\"\u{1}\"}", "{\"k\u{1}\":1}", #"{"id":01}"#, #"{"id":1.}"#, #"{"#, #"["#, "",
            String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
            "[" + String(repeating: "{\"a\":", count: 255) + "1" + String(repeating: "}", count: 255) + "]",
            "[" + String(repeating: "{\"a\":", count: 256) + "1" + String(repeating: "}", count: 256) + "]",
        ]
    )
    func handPicked(text: String) {
        agree(text)
    }

    @Test("generated values and request-like objects", arguments: 0..<4)
    func generated(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let names = ["jsonrpc", "id", "method", "params", "\\u0069d", "other", "ID"]
        for _ in 0..<1_000 {
            let members = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                let value = String(
                    decoding: (try? JSONWriter.bytes(JSONWriterTests.value(&random))) ?? [],
                    as: UTF8.self
                )
                return "\"\(names.randomElement(using: &random)!)\":\(value)"
            }
            let object = "{" + members.joined(separator: ",") + "}"
            agree(object)
            agree("[" + object + "," + object + "]")
            agree(String(decoding: try JSONWriter.bytes(JSONWriterTests.value(&random)), as: UTF8.self))
            // A cut line fails where the general parser fails.
            agree(String(object.prefix(Int.random(in: 0...object.count, using: &random))))
        }
    }
}
