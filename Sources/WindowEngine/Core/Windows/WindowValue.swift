import FoundationEssentials
package import WindowProtocol

/// A window's value, typed by its group: equality is on this, so `42` and `"42"` are one window.
package enum WindowValue: Hashable, Sendable {
    /// The one value of a `none` group (`null` on the wire).
    case none
    /// An `int` group's value; `42`, `"42"` and `4.2e1` all parse to `.int(42)`.
    case int(Int64)
    /// A `string` group's value, compared exactly.
    case string(String)
    /// A `uuid` group's value, lower-cased so that case does not make a second window.
    case uuid(String)
    /// A `path` group's value: an absolute file path, `//`, `.` and a trailing `/` folded away.
    /// Clients make a path absolute and resolve its symbolic links (windowd.toml(5), "path");
    /// the daemon, which may not see the client's files, only refuses what is not absolute.
    /// A path from another host is kept as `HOST:/path`, so that it never matches a local one.
    case path(String)

    /// Parses a wire value as `type`, or says why it does not fit; a path from `host` (a client
    /// through that host's socket, windowd-protocol(7), Hosts) is kept as `HOST:/path`.
    package static func parse(
        _ json: JSONValue?,
        as type: ValueType,
        group: String,
        host: String? = nil
    ) throws(Refusal) -> WindowValue {
        let json = json ?? .null
        switch (type, json) {
        case (.none, .null):
            return .none
        case (.int, .int(let number)):
            return .int(number)
        case (.int, .string(let text)):
            if let number = Int64(text) { return .int(number) }
        case (.int, .number(let text)):
            // Exact or refused, never rounded: 4.2e1 and 42.0 are 42; 42.5 and 1e400 are no int.
            if let number = JSONNumberText(text)?.integer() { return .int(number) }
        case (.int, .double(let number)):
            if let exact = Int64(exactly: number) { return .int(exact) }
        case (.string, .string(let text)):
            try KeptString.check(text, member: "value")
            return .string(text)
        case (.string, .int(let number)):
            return .string(String(number))
        case (.uuid, .string(let text)):
            if let uuid = UUID(uuidString: text) { return .uuid(uuid.uuidString.lowercased()) }
        case (.path, .string(let text)):
            try KeptString.check(text, member: "value")
            return .path((host.map { $0 + ":" } ?? "") + (try absolutePath(text, group: group)))
        case (_, .null):
            throw .refused(.invalidValue, "window group '\(group)' needs a value, \(type.article); none was given")
        default:
            break
        }
        throw .refused(.invalidValue, "value \(json.jsonText) is not \(type.article) for group '\(group)'")
    }

    /// A value as the store kept it: a `HOST:/path` parses as that path from that host.
    package static func stored(_ json: JSONValue?, as type: ValueType, group: String) throws(Refusal) -> WindowValue {
        guard type == .path, case .string(let text)? = json, let (host, path) = hostAndPath(text) else {
            return try parse(json, as: type, group: group)
        }
        return try parse(.string(path), as: type, group: group, host: host)
    }

    /// The value as a program on its own host takes it: a remote path's `/path` part, else ``text``.
    package var textOnItsHost: String {
        guard case .path(let text) = self, let (_, path) = Self.hostAndPath(text) else { return self.text }
        return path
    }

    /// The host of a remote path; `nil` for a value of this host's or of any.
    package var host: String? {
        guard case .path(let text) = self else { return nil }
        return Self.hostAndPath(text)?.0
    }

    /// `HOST` and `/path` of a `HOST:/path`; `nil` for a local path, which starts with `/`.
    private static func hostAndPath(_ text: String) -> (String, String)? {
        guard !text.hasPrefix("/"), let colon = text.firstRange(of: ":/") else { return nil }
        return (String(text[..<colon.lowerBound]), String(text[text.index(after: colon.lowerBound)...]))
    }

    /// `text` as a `path` group keeps it: absolute, without empty or `.` components or a
    /// trailing `/` (they name the same file whatever the links on the way); a relative path or a
    /// `..` component, which only the client's own file system can resolve, is refused.
    private static func absolutePath(_ text: String, group: String) throws(Refusal) -> String {
        guard !text.isEmpty else {
            throw .refused(.invalidValue, "the empty path names no file, for group '\(group)' (value type path)")
        }
        guard text.hasPrefix("/") else {
            throw .refused(
                .invalidValue,
                "value \(JSONValue.string(text).jsonText) is not an absolute path for group '\(group)' (value type path): "
                    + "give the whole path; winctl, WindowKit's WindowValue.path and the Python client make one against their working directory"
            )
        }
        let components = text.split(separator: "/").filter { $0 != "." }
        guard !components.contains("..") else {
            throw .refused(
                .invalidValue,
                "value \(JSONValue.string(text).jsonText) for group '\(group)' (value type path) has a '..' component: "
                    + "give the path with its symbolic links resolved, as winctl, WindowKit's WindowValue.path and the Python client do"
            )
        }
        return "/" + components.joined(separator: "/")
    }

    /// The value on the wire.
    package var json: JSONValue {
        switch self {
        case .none: return .null
        case .int(let number): return .int(number)
        case .string(let text), .uuid(let text), .path(let text): return .string(text)
        }
    }

    /// The value as launch commands and people see it; empty for `none`.
    package var text: String {
        switch self {
        case .none: return ""
        case .int(let number): return String(number)
        case .string(let text), .uuid(let text), .path(let text): return text
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
        case .path: return "an absolute file path"
        }
    }
}
