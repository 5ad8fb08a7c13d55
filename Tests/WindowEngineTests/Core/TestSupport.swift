import Foundation

/// A JSON encoder with sorted keys, for comparing encoded text.
enum JSONEncoderFactory {
    static func sorted() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}

extension JSONEncoder {
    func text(_ value: some Encodable) throws -> String {
        String(decoding: try encode(value), as: UTF8.self)
    }
}
