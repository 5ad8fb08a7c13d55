#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WindowProtocol

/// A window's value, typed by its group: equality is on this, so `42` and `"42"` are one window.
public enum WindowValue: Hashable, Sendable {
    case none
    case int(Int64)
    case string(String)
    case uuid(String)

    /// Parses a wire value as `type`, or says why it does not fit.
    public static func parse(_ json: JSONValue?, as type: ValueType, group: String) throws(RPCError) -> WindowValue {
        let json = json ?? .null
        switch (type, json) {
        case (.none, .null):
            return .none
        case (.int, .int(let number)):
            return .int(number)
        case (.int, .string(let text)):
            if let number = Int64(text) { return .int(number) }
        case (.int, .double(let number)):
            if number.rounded() == number, let exact = Int64(exactly: number) { return .int(exact) }
        case (.string, .string(let text)):
            return .string(text)
        case (.string, .int(let number)):
            return .string(String(number))
        case (.uuid, .string(let text)):
            if let uuid = UUID(uuidString: text) { return .uuid(uuid.uuidString.lowercased()) }
        case (_, .null):
            throw .refused(.invalidValue, "window group '\(group)' needs a value, \(type.article); none was given")
        default:
            break
        }
        throw .refused(.invalidValue, "value \(json.jsonText) is not \(type.article) for group '\(group)'")
    }

    /// The value on the wire.
    public var json: JSONValue {
        switch self {
        case .none: return .null
        case .int(let number): return .int(number)
        case .string(let text), .uuid(let text): return .string(text)
        }
    }

    /// The value as launch commands and people see it; empty for `none`.
    public var text: String {
        switch self {
        case .none: return ""
        case .int(let number): return String(number)
        case .string(let text), .uuid(let text): return text
        }
    }
}

extension ValueType {
    fileprivate var article: String {
        switch self {
        case .none: return "null (the group takes no value)"
        case .int: return "an integer"
        case .string: return "a string"
        case .uuid: return "a UUID"
        }
    }
}
