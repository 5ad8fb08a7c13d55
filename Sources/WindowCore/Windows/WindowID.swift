#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A window's identity: a UUID in lower case.
public struct WindowID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lower-case UUID text.
    public let rawValue: String

    /// Parses a UUID in any case; `nil` if `text` is not one.
    public init?(_ text: String) {
        guard let uuid = UUID(uuidString: text) else { return nil }
        rawValue = uuid.uuidString.lowercased()
    }

    /// A fresh random id.
    public static func random() -> WindowID {
        WindowID(UUID().uuidString)!
    }

    /// The UUID text, as the wire and the logs show it.
    public var description: String { rawValue }

    /// Orders by the UUID text: a fixed order, not creation order (that is `Window.order`).
    public static func < (lhs: WindowID, rhs: WindowID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A client connection, as the core knows it: an opaque number the server hands out.
public struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique for the life of one daemon process.
    public let rawValue: UInt64
    /// The connection numbered `rawValue`.
    public init(_ rawValue: UInt64) { self.rawValue = rawValue }
    /// `#<number>`, as the logs name a connection.
    public var description: String { "#\(rawValue)" }
}
