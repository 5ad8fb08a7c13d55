/// A strict RFC 8259 parser from bytes to ``JSONValue``: one pass, no intermediate `Data`,
/// no thrown errors on the happy path. The daemon parses every request line with it.
package enum JSONParser {
    /// Why bytes are not JSON, and where.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// The byte offset of the problem.
        package var offset: Int
        /// What is wrong there.
        package var reason: String
        /// Whether the bytes are JSON only nested deeper than ``JSONParser/maximumDepth`` so far:
        /// a limit of windowd's, not a syntax error (windowd-protocol(7), "LIMITS").
        package var isNestingLimit = false
        /// `<reason> at byte <offset>`, quoted in the -32700 reply.
        package var description: String { "\(reason) at byte \(offset)" }
    }

    /// The nesting limit: arrays and objects inside each other deeper than this are refused
    /// rather than risking the stack (a request object, and a batch's array, count as one).
    package static let maximumDepth = 256

    /// Parses exactly one JSON value (surrounded by optional white space).
    package static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
        var reader = Reader(bytes: bytes)
        reader.skipWhitespace()
        let value = try reader.value(depth: 0)
        reader.skipWhitespace()
        guard reader.offset == bytes.count else { throw reader.failure("unexpected data after the value") }
        return value
    }

    /// Parses the bytes of `collection`.
    package static func parse(_ collection: some Collection<UInt8>) throws(Failure) -> JSONValue {
        let result: Result<JSONValue, Failure>? = collection.withContiguousStorageIfAvailable { buffer in
            Result { () throws(Failure) in try parse(UnsafeRawBufferPointer(buffer)) }
        }
        if let result { return try result.get() }
        let copy = Array(collection)
        let copied: Result<JSONValue, Failure> = copy.withUnsafeBytes { raw in
            Result { () throws(Failure) in try parse(raw) }
        }
        return try copied.get()
    }

    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        /// The members an object has room for from its first one: one allocation of its
        /// dictionary for up to six.
        static let objectCapacity = 6

        func failure(_ reason: String) -> Failure {
            Failure(offset: offset, reason: reason)
        }

        /// The failure of an array or object that opens level `depth`, past the nesting limit.
        func nestingLimit(_ depth: Int) -> Failure {
            Failure(
                offset: offset,
                reason: "an array or object nested \(depth) deep, past the nesting limit of \(JSONParser.maximumDepth)",
                isNestingLimit: true
            )
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

        mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
            let count = literal.utf8CodeUnitCount
            guard offset + count <= bytes.count else { throw failure("truncated literal") }
            for index in 0..<count where bytes[offset + index] != literal.utf8Start[index] {
                throw failure("invalid literal")
            }
            offset += count
            return value
        }

        mutating func value(depth: Int) throws(Failure) -> JSONValue {
            guard let byte = current else { throw failure("unexpected end of input") }
            switch byte {
            case UInt8(ascii: "{"): return try object(depth: depth + 1)
            case UInt8(ascii: "["): return try array(depth: depth + 1)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try expect("true", .bool(true))
            case UInt8(ascii: "f"): return try expect("false", .bool(false))
            case UInt8(ascii: "n"): return try expect("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
            default: throw failure("unexpected character")
            }
        }

        mutating func object(depth: Int) throws(Failure) -> JSONValue {
            var object: [String: JSONValue] = [:]
            try members(depth: depth) { name, value in
                // Room for a small object at once: storage allocated once at its size, rather
                // than grown and rehashed at the first and the second member.
                if object.isEmpty { object = Dictionary(minimumCapacity: Self.objectCapacity) }
                object[name] = value
            }
            return .object(object)
        }

        /// Reads the object at `offset` (level `depth`), giving each member to `add` as it is read.
        mutating func members(depth: Int, _ add: (String, JSONValue) -> Void) throws(Failure) {
            guard depth <= JSONParser.maximumDepth else { throw nestingLimit(depth) }
            offset += 1
            skipWhitespace()
            if current == UInt8(ascii: "}") {
                offset += 1
                return
            }
            while true {
                skipWhitespace()
                guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
                let name = try string()
                skipWhitespace()
                guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
                offset += 1
                skipWhitespace()
                add(name, try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "}"):
                    offset += 1
                    return
                default: throw failure("expected ',' or '}'")
                }
            }
        }

        mutating func array(depth: Int) throws(Failure) -> JSONValue {
            guard depth <= JSONParser.maximumDepth else { throw nestingLimit(depth) }
            offset += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try value(depth: depth))
                skipWhitespace()
                switch current {
                case UInt8(ascii: ","): offset += 1
                case UInt8(ascii: "]"):
                    offset += 1
                    return .array(elements)
                default: throw failure("expected ',' or ']'")
                }
            }
        }

        mutating func string() throws(Failure) -> String {
            offset += 1
            let start = offset
            // Fast path: no escapes; plain ASCII needs no UTF-8 validation (which is generic,
            // and costs a metadata lookup per string).
            var ascii = true
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeRawBufferPointer(rebasing: bytes[start..<offset])
                    offset += 1
                    if ascii { return String(decoding: slice, as: UTF8.self) }
                    guard let text = String(validating: slice, as: UTF8.self) else {
                        throw Failure(offset: start, reason: "invalid UTF-8 in a string")
                    }
                    return text
                }
                if byte == UInt8(ascii: "\\") { break }
                guard byte >= 0x20 else { throw failure("control character in a string") }
                ascii = ascii && byte < 0x80
                offset += 1
            }
            guard offset < bytes.count else { throw failure("unterminated string") }
            var scalars: [UInt8] = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset]))
            while offset < bytes.count {
                let byte = bytes[offset]
                switch byte {
                case UInt8(ascii: "\""):
                    offset += 1
                    guard let text = String(validating: scalars, as: UTF8.self) else {
                        throw Failure(offset: start, reason: "invalid UTF-8 in a string")
                    }
                    return text
                case UInt8(ascii: "\\"):
                    offset += 1
                    guard let escape = current else { throw failure("unterminated escape") }
                    offset += 1
                    switch escape {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(escape)
                    case UInt8(ascii: "b"): scalars.append(0x08)
                    case UInt8(ascii: "f"): scalars.append(0x0C)
                    case UInt8(ascii: "n"): scalars.append(0x0A)
                    case UInt8(ascii: "r"): scalars.append(0x0D)
                    case UInt8(ascii: "t"): scalars.append(0x09)
                    case UInt8(ascii: "u"): scalars.append(contentsOf: try unicodeEscape())
                    default: throw failure("invalid escape")
                    }
                case 0..<0x20:
                    throw failure("control character in a string")
                default:
                    scalars.append(byte)
                    offset += 1
                }
            }
            throw failure("unterminated string")
        }

        /// After `\u`: four hex digits, and a second `\uXXXX` for a surrogate pair; UTF-8 out.
        mutating func unicodeEscape() throws(Failure) -> [UInt8] {
            var code = try hex4()
            if (0xD800...0xDBFF).contains(code) {
                guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
                    bytes[offset + 1] == UInt8(ascii: "u")
                else {
                    throw failure("unpaired surrogate")
                }
                offset += 2
                let low = try hex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("invalid surrogate pair") }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(code) {
                throw failure("unpaired surrogate")
            }
            guard let scalar = Unicode.Scalar(code) else { throw failure("invalid code point") }
            return Array(String(Character(scalar)).utf8)
        }

        mutating func hex4() throws(Failure) -> UInt32 {
            guard offset + 4 <= bytes.count else { throw failure("truncated \\u escape") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = bytes[offset]
                let digit: UInt32
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
                default: throw failure("invalid hex digit")
                }
                value = value << 4 | digit
                offset += 1
            }
            return value
        }

        mutating func number() throws(Failure) -> JSONValue {
            let start = offset
            if current == UInt8(ascii: "-") { offset += 1 }
            guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                throw failure("invalid number")
            }
            if first == UInt8(ascii: "0") {
                offset += 1
            } else {
                skipDigits()
            }
            var integral = true
            if current == UInt8(ascii: ".") {
                integral = false
                offset += 1
                guard try digitsFollow() else { throw failure("digits expected after '.'") }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                integral = false
                offset += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { offset += 1 }
                guard try digitsFollow() else { throw failure("digits expected in the exponent") }
            }
            // Up to 18 digits always fit an Int64: read where they lie, without making their text
            // (an id and a value in most requests). `-0` goes on to keep its text.
            let digits = bytes[start] == UInt8(ascii: "-") ? start + 1 : start
            if integral, offset - digits <= 18 {
                var magnitude: Int64 = 0
                for index in digits..<offset { magnitude = magnitude * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
                if digits == start { return .int(magnitude) }
                if magnitude != 0 { return .int(-magnitude) }
            }
            let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
            // `-0` parses as the Int64 0 but must come back as `-0`: keep its text.
            if integral, let number = Int64(text), number != 0 || bytes[start] != UInt8(ascii: "-") {
                return .int(number)
            }
            return .number(text)
        }

        mutating func skipDigits() {
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { offset += 1 }
        }

        mutating func digitsFollow() throws(Failure) -> Bool {
            let before = offset
            skipDigits()
            return offset > before
        }
    }
}
