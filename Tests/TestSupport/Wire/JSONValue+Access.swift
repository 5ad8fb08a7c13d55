package import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension JSONValue {
    /// Parses one JSON text.
    package static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        do {
            return try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            throw TestFailure("not JSON: \(String(decoding: bytes.prefix(300), as: UTF8.self)) (\(error))")
        }
    }

    /// Parses one JSON text.
    package static func parse(_ text: String) throws -> JSONValue {
        try parse(Array(text.utf8))
    }

    /// The member `key` of an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members[key]
    }

    /// The element `index` of an array.
    package subscript(index: Int) -> JSONValue? {
        guard case .array(let elements) = self, elements.indices.contains(index) else { return nil }
        return elements[index]
    }

    package var string: String? {
        guard case .string(let text) = self else { return nil }
        return text
    }

    package var int: Int64? {
        guard case .int(let number) = self else { return nil }
        return number
    }

    package var bool: Bool? {
        guard case .bool(let flag) = self else { return nil }
        return flag
    }

    package var array: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    package var object: [String: JSONValue]? {
        guard case .object(let members) = self else { return nil }
        return members
    }

    package var isNull: Bool { self == .null }
}
