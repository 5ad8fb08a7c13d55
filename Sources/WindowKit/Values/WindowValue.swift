import POSIXSupport

/// The value a window of a group is opened for, like the `value` of SwiftUI's
/// `openWindow(id:value:)`: none, an integer or a string, typed by the group.
///
/// ```swift
/// try await app.openWindow(group: "detail", value: 42)
/// try await app.openWindow(group: "notes", value: "todo")
/// try await app.openWindow(group: "main")            // a group of value type none
/// try await app.openWindow(group: "file", value: .path("notes.md"))  // a group of value type path
/// ```
public enum WindowValue: Sendable, Hashable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral
{
    /// No value: the one window of a `none` group.
    case none
    /// An integer, for an `int` group.
    case int(Int64)
    /// A string, for a `string` or `uuid` group (and, as digits, for an `int` one).
    case string(String)

    /// The file at `path` as a value of a group of value type `path`: made absolute against
    /// this process's working directory (or `directory`) and normal, its symbolic links resolved
    /// as far as the file exists — so that `notes.md` from `~` and `~/./notes.md` from `/` are
    /// one window, as winctl and the Python client make them. The daemon refuses a relative
    /// path for such a group (`invalid_value`).
    ///
    /// ```swift
    /// let scene = try await WindowScene.attach(group: "file", value: .path(CommandLine.arguments[1]))
    /// ```
    public static func path(_ path: String, relativeTo directory: String? = nil) -> WindowValue {
        .string(NormalPath.of(path, from: directory))
    }

    /// A string value as a file made absolute and normal here, as ``path(_:relativeTo:)`` makes
    /// it: what `openWindow` sends beside the value, which a group of value type `path` takes
    /// (windowd-protocol(7), window.open); `nil` for none or an integer.
    var openerPath: String? {
        guard case .string(let text) = self else { return nil }
        return NormalPath.of(text)
    }

    /// `42` as a window value.
    public init(integerLiteral value: Int64) { self = .int(value) }

    /// `"todo"` as a window value.
    public init(stringLiteral value: String) { self = .string(value) }

    /// The value as a window shows it on the wire (`WindowInfo.value`).
    public init(_ json: JSONValue) {
        switch json {
        case .int(let number): self = .int(number)
        case .string(let text): self = .string(text)
        case .number(let text): self = .string(text)
        default: self = .none
        }
    }

    /// The wire form: `null`, a number or a string.
    public var json: JSONValue {
        switch self {
        case .none: return .null
        case .int(let number): return .int(number)
        case .string(let text): return .string(text)
        }
    }

    /// `42`, `todo`, or empty for none.
    public var description: String {
        switch self {
        case .none: return ""
        case .int(let number): return String(number)
        case .string(let text): return text
        }
    }
}
