/// A JSON value parsed without losing how its scalars were written: a number keeps its exact text
/// (`1.10`, `-0`, `1e400`, `123456789012345678901234567890`), so a test can compare what came
/// back with what was sent byte for byte. Also much faster than `JSONDecoder` on a 20 MB reply.
struct RawJSON: CustomStringConvertible {
    enum Node {
        case null
        case bool(Bool)
        /// A number, as its exact text.
        case number(String)
        case string(String)
        case array([RawJSON])
        /// Members in the order they were written.
        case object([(key: String, value: RawJSON)])
    }

    let node: Node
    /// The exact text of a scalar as it was written; for a container, its compact form built from
    /// its members' texts (equal to the original when that was compact, as windowd writes it).
    let text: String

    var description: String { text }

    /// Parses one JSON text (surrounding white space allowed).
    static func parse(_ bytes: [UInt8]) throws -> RawJSON {
        try bytes.withUnsafeBytes { raw in
            var reader = RawJSONReader(bytes: raw)
            reader.skipWhitespace()
            let value = try reader.value(depth: 0)
            reader.skipWhitespace()
            guard reader.offset == raw.count else { throw reader.failure("unexpected data after the value") }
            return value
        }
    }

    /// Parses one JSON text.
    static func parse(_ text: String) throws -> RawJSON {
        try parse(Array(text.utf8))
    }

    /// The member `key` of an object (the first, if written twice).
    subscript(key: String) -> RawJSON? {
        guard case .object(let members) = node else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The element `index` of an array.
    subscript(index: Int) -> RawJSON? {
        guard case .array(let elements) = node, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    var string: String? {
        guard case .string(let value) = node else { return nil }
        return value
    }

    /// A number written as an integer that fits `Int64`.
    var int: Int64? {
        guard case .number(let digits) = node else { return nil }
        return Int64(digits)
    }

    var bool: Bool? {
        guard case .bool(let value) = node else { return nil }
        return value
    }

    var array: [RawJSON]? {
        guard case .array(let elements) = node else { return nil }
        return elements
    }

    var members: [(key: String, value: RawJSON)]? {
        guard case .object(let members) = node else { return nil }
        return members
    }

    var isNull: Bool {
        if case .null = node { return true }
        return false
    }

    var isObject: Bool { members != nil }

    /// Equal as JSON, with numbers compared by their exact text and object members in any order.
    func sameValue(as other: RawJSON) -> Bool {
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

/// The parser behind ``RawJSON``: strict RFC 8259, one pass over the bytes.
private struct RawJSONReader {
    let bytes: UnsafeRawBufferPointer
    var offset = 0

    init(bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    func failure(_ reason: String) -> TestFailure {
        let from = max(0, offset - 40)
        let to = min(bytes.count, offset + 40)
        let context = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
        return TestFailure("not JSON: \(reason) at byte \(offset) (near \(context))")
    }

    var current: UInt8? { offset < bytes.count ? bytes[offset] : nil }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    mutating func value(depth: Int) throws -> RawJSON {
        guard depth < 512 else { throw failure("nested too deeply") }
        guard let byte = current else { throw failure("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""):
            let start = offset
            let value = try string()
            return RawJSON(node: .string(value), text: text(from: start))
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character")
        }
    }

    func text(from start: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
    }

    mutating func literal(_ word: String, _ node: RawJSON.Node) throws -> RawJSON {
        for expected in word.utf8 {
            guard current == expected else { throw failure("invalid literal") }
            offset += 1
        }
        return RawJSON(node: node, text: word)
    }

    mutating func object(depth: Int) throws -> RawJSON {
        offset += 1
        var members: [(key: String, value: RawJSON)] = []
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            offset += 1
            return RawJSON(node: .object([]), text: "{}")
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            let key = try string()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            offset += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "}"):
                offset += 1
                // Containers' texts are built only for small values: a 20 MB reply would copy itself at every level.
                let text = members.count <= 16 && members.allSatisfy({ $0.value.text.utf8.count < 4_096 })
                    ? "{" + members.map { RawJSONReader.quote($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
                    : "{…}"
                return RawJSON(node: .object(members), text: text)
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    mutating func array(depth: Int) throws -> RawJSON {
        offset += 1
        var elements: [RawJSON] = []
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            offset += 1
            return RawJSON(node: .array([]), text: "[]")
        }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): offset += 1
            case UInt8(ascii: "]"):
                offset += 1
                let text = elements.count <= 16 && elements.allSatisfy({ $0.text.utf8.count < 4_096 })
                    ? "[" + elements.map(\.text).joined(separator: ",") + "]"
                    : "[…]"
                return RawJSON(node: .array(elements), text: text)
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    /// A string's value; `offset` is at its opening quote.
    mutating func string() throws -> String {
        offset += 1
        let start = offset
        while let byte = current, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw failure("control character in a string") }
            offset += 1
        }
        var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
        while true {
            guard let byte = current else { throw failure("unterminated string") }
            offset += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let value = String(validating: utf8, as: UTF8.self) else { throw failure("invalid UTF-8") }
                return value
            case UInt8(ascii: "\\"):
                guard let escape = current else { throw failure("unterminated escape") }
                offset += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"): utf8 += try unicodeEscape()
                default: throw failure("invalid escape")
                }
            case 0..<0x20:
                throw failure("control character in a string")
            default:
                utf8.append(byte)
            }
        }
    }

    mutating func unicodeEscape() throws -> [UInt8] {
        var code = try hex4()
        if (0xD800...0xDBFF).contains(code) {
            guard current == UInt8(ascii: "\\") else { throw failure("unpaired surrogate") }
            offset += 1
            guard current == UInt8(ascii: "u") else { throw failure("unpaired surrogate") }
            offset += 1
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else { throw failure("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let scalar = Unicode.Scalar(code) else { throw failure("invalid code point") }
        return Array(String(Character(scalar)).utf8)
    }

    mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current, let digit = Character(Unicode.Scalar(byte)).hexDigitValue else { throw failure("invalid \\u escape") }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    mutating func number() throws -> RawJSON {
        let start = offset
        if current == UInt8(ascii: "-") { offset += 1 }
        guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { throw failure("invalid number") }
        if first == UInt8(ascii: "0") { offset += 1 } else { try digits() }
        if current == UInt8(ascii: ".") {
            offset += 1
            try digits()
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            offset += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
            try digits()
        }
        return RawJSON(node: .number(text(from: start)), text: text(from: start))
    }

    mutating func digits() throws {
        let before = offset
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        guard offset > before else { throw failure("digits expected") }
    }

    static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
