import WindowProtocol

/// A JSON value parsed without losing how its scalars were written: a number keeps its exact text
/// (`1.10`, `-0`, `1e400`, `123456789012345678901234567890`), so a test can compare what came
/// back with what was sent byte for byte. Also much faster than `JSONDecoder` on a 20 MB reply.
package struct RawJSON: CustomStringConvertible {
    package enum Node {
        case null
        case bool(Bool)
        /// A number, as its exact text.
        case number(String)
        case string(String)
        case array([RawJSON])
        /// Members, by key.
        case object([(key: String, value: RawJSON)])
    }

    package let node: Node
    /// The exact text of a scalar as it was written; for a container, its compact form built from
    /// its members' texts (equal to the original when that was compact, as windowd writes it).
    package let text: String

    package var description: String { text }

    /// Parses one JSON text (surrounding white space allowed) with windowd's own strict parser,
    /// which keeps every number's text.
    package static func parse(_ bytes: [UInt8]) throws -> RawJSON {
        RawJSON(try JSONParser.parse(bytes))
    }

    /// Parses one JSON text.
    package static func parse(_ text: String) throws -> RawJSON {
        try parse(Array(text.utf8))
    }

    private init(_ value: JSONValue) {
        switch value {
        case .null: node = .null
        case .bool(let flag): node = .bool(flag)
        case .int(let number): node = .number(String(number))
        case .double(let number): node = .number(number.description)
        case .number(let text): node = .number(text)
        case .string(let string): node = .string(string)
        case .array(let elements): node = .array(elements.map(RawJSON.init))
        case .object(let members):
            node = .object(members.sorted { $0.key < $1.key }.map { ($0.key, RawJSON($0.value)) })
        }
        text = (try? String(decoding: JSONWriter.bytes(value), as: UTF8.self)) ?? ""
    }

    /// The member `key` of an object (the first, if written twice).
    package subscript(key: String) -> RawJSON? {
        guard case .object(let members) = node else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element `index` of an array.
    package subscript(index: Int) -> RawJSON? {
        guard case .array(let elements) = node, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    package var string: String? {
        guard case .string(let value) = node else { return nil }
        return value
    }

    /// A number written as an integer that fits `Int64`.
    package var int: Int64? {
        guard case .number(let digits) = node else { return nil }
        return Int64(digits)
    }

    package var bool: Bool? {
        guard case .bool(let value) = node else { return nil }
        return value
    }

    package var array: [RawJSON]? {
        guard case .array(let elements) = node else { return nil }
        return elements
    }

    package var members: [(key: String, value: RawJSON)]? {
        guard case .object(let members) = node else { return nil }
        return members
    }

    package var isNull: Bool {
        if case .null = node { return true }
        return false
    }

    package var isObject: Bool { members != nil }

    /// Equal as JSON, with numbers compared by their exact text and object members in any order.
    package func sameValue(as other: RawJSON) -> Bool {
        switch (node, other.node) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.sameValue(as: $1) }
        case (.object(let a), .object(let b)):
            guard a.count == b.count else { return false }
            return a.allSatisfy { member in other[member.key].map { member.value.sameValue(as: $0) } ?? false }
        default: return false
        }
    }
}
