import Testing
import WindowEngine
import WindowProtocol

@Suite("Typed window values")
struct WindowValueTests {
    @Test("42 and \"42\" are the same int value")
    func intFromStringOrNumber() throws {
        #expect(try WindowValue.parse(.int(42), as: .int, group: "g") == .int(42))
        #expect(try WindowValue.parse(.string("42"), as: .int, group: "g") == .int(42))
        #expect(try WindowValue.parse(.double(42), as: .int, group: "g") == .int(42))
    }

    @Test(
        "values that do not parse are invalid_value",
        arguments: [
            (JSONValue.string("abc"), ValueType.int), (.double(4.5), .int), (.null, .int), (.bool(true), .string),
            (.string("not-a-uuid"), .uuid), (.int(1), .none), (.string(""), .none), (.object([:]), .string),
        ]
    )
    func rejected(value: JSONValue, type: ValueType) {
        do {
            let parsed = try WindowValue.parse(value, as: type, group: "g")
            Issue.record("\(value.jsonText) was accepted as \(type) (\(parsed))")
        } catch {
            #expect(error.reason == .invalidValue)
        }
    }

    @Test("uuids compare case-insensitively, strings and none as given")
    func canonical() throws {
        let upper = "6F9619FF-8B86-D011-B42D-00C04FC964FF"
        #expect(try WindowValue.parse(.string(upper), as: .uuid, group: "g") == .uuid(upper.lowercased()))
        #expect(try WindowValue.parse(.int(7), as: .string, group: "g") == .string("7"))
        #expect(try WindowValue.parse(nil, as: .none, group: "g") == WindowValue.none)
    }
}

@Suite("Window ids")
struct WindowIDTests {
    @Test(
        "a UUID in any case is read as its lower-case text",
        arguments: [
            ("3F2A6C1E-0000-4000-8000-00000000000A", "3f2a6c1e-0000-4000-8000-00000000000a"),
            ("3f2a6c1e-0000-4000-8000-00000000000a", "3f2a6c1e-0000-4000-8000-00000000000a"),
        ]
    )
    func parses(text: String, expected: String) {
        #expect(WindowID(text)?.rawValue == expected)
    }

    @Test(
        "what is not 8-4-4-4-12 hexadecimal digits is no id",
        arguments: [
            "", "3f2a6c1e", "3f2a6c1e-0000-4000-8000-00000000000", "3f2a6c1e-0000-4000-8000-00000000000ab",
            "3f2a6c1e_0000-4000-8000-00000000000a", "3f2a6c1g-0000-4000-8000-00000000000a",
            "3f2a6c1e-0000-4000-8000-00000000000é",
        ]
    )
    func refuses(text: String) {
        #expect(WindowID(text) == nil)
    }

    @Test("a random id reads back as itself")
    func random() {
        let id = WindowID.random()
        #expect(WindowID(id.rawValue) == id)
    }
}
