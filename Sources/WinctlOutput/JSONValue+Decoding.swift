import FoundationEssentials
package import WindowProtocol

extension JSONValue {
    /// Parses `text` as one JSON value (any kind, not only objects); `nil` with the reason if it is not JSON.
    package static func parse(_ text: String) -> Result<JSONValue, any Error> {
        Result { try JSONParser.parse(Array(text.utf8)) }
    }

    /// This value decoded as `type`, or `nil` if it does not fit.
    package func decoded<Value: Decodable>(as type: Value.Type) -> Value? {
        try? decode(as: type)
    }

    /// This value decoded as `type`.
    package func decode<Value: Decodable>(as type: Value.Type) throws -> Value {
        try JSONValueDecoder().decode(type, from: self)
    }
}
