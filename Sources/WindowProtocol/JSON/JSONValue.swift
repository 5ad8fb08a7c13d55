/// Any JSON value: scene storage values, raw params, and typed window values on the wire.
public enum JSONValue: Sendable, Hashable, Codable {
    /// JSON `null`; also a `none` group's value.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number that is exactly an `Int64` (a `seq`, a `pid`, an `int` group's value).
    case int(Int64)
    /// A number built in Swift (an uptime, a duration); parsed numbers are `.int` or `.number`.
    case double(Double)
    /// A parsed number that is not exactly an `Int64` (`1.5`, `-0`, `1e2`, `1e400`, 20 digits),
    /// kept as the JSON text it was sent as, so that it comes back unchanged.
    case number(String)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; member order is not kept.
    case object([String: JSONValue])

    /// Takes a node of an already parsed tree as it is, exact numbers included; from other
    /// decoders, the nearest case (a non-integer number becomes `.double`).
    public init(from decoder: any Decoder) throws {
        // From an already parsed tree: take the node as it is (exact numbers included).
        if let tree = decoder as? TreeDecoder {
            self = tree.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The wire writer gets the exact text (`.number` included); other encoders get the nearest
    /// `Double` for a `.number`, the best they can hold.
    public func encode(to encoder: any Encoder) throws {
        // To the wire writer: the exact text, `.number` included.
        if let writer = encoder as? JSONWriter.ValueEncoder {
            writer.output.write(self)
            return
        }
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        // Other encoders cannot write number text: the nearest Double is the best they can do.
        case .number(let text): try container.encode(Double(text) ?? 0)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value as compact JSON text, for people and for size accounting.
    public var jsonText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .double(let value): return value.isFinite ? String(value) : "null"
        case .number(let text): return text
        case .string(let value): return JSONValue.quote(value)
        case .array(let values): return "[" + values.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            let body = members.keys.sorted().map { JSONValue.quote($0) + ":" + members[$0]!.jsonText }
            return "{" + body.joined(separator: ",") + "}"
        }
    }

    /// A JSON string literal for `text`, escaped as RFC 8259 requires.
    public static func quote(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20: out += escape(scalar)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
