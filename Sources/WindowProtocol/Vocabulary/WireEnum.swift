/// A closed set of names on the wire (`active`, `welcome`, `sessionExpired`, …): decoding an
/// unknown name says which names are valid, instead of Swift's `Cannot initialize …` text.
public protocol WireEnum: CaseIterable, RawRepresentable, Codable, Sendable where RawValue == String {}

extension WireEnum {
    /// Reads the name; an unknown one is refused with the valid names (`must be one of …, not "x"`).
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: name) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "must be \(Self.choices), not \(JSONValue.quote(name))"
                )
            )
        }
        self = value
    }

    /// `one of active, inactive, background`.
    public static var choices: String {
        "one of " + allCases.map(\.rawValue).joined(separator: ", ")
    }
}
