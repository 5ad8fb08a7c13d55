/// A JSON-RPC request id: a number or a string, echoed unchanged in the response.
public enum RequestID: Sendable, Hashable, Codable, CustomStringConvertible {
    /// An integer id that fits `Int64` (the ids clients usually count with).
    case number(Int64)
    /// A string id, echoed as sent.
    case string(String)
    /// Any other number JSON allows (`1.5`, `-0`, `1e2`, 30 digits), kept as the exact text sent,
    /// so that the response echoes it byte for byte.
    case numberText(String)

    /// The id a parsed `id` member holds; `nil` for anything JSON-RPC does not allow as an id
    /// (an object, an array, a boolean) and for `null`.
    public init?(_ value: JSONValue) {
        switch value {
        case .int(let number): self = .number(number)
        case .number(let text): self = .numberText(text)
        case .double(let number) where number.isFinite: self = .numberText(number.description)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    /// Reads a string or a number of any form; anything else (`null` included) is not an id.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        guard let id = RequestID(value) else {
            throw DecodingError.typeMismatch(
                RequestID.self,
                .init(codingPath: decoder.codingPath, debugDescription: "an id is a string or a number")
            )
        }
        self = id
    }

    /// Writes the id back exactly as it was read, number text included.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .number(let number): try JSONValue.int(number).encode(to: encoder)
        case .string(let string): try JSONValue.string(string).encode(to: encoder)
        case .numberText(let text): try JSONValue.number(text).encode(to: encoder)
        }
    }

    /// The id unquoted, as logs show it.
    public var description: String {
        switch self {
        case .number(let number): return String(number)
        case .string(let string): return string
        case .numberText(let text): return text
        }
    }
}
