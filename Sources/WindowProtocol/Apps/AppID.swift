/// The name of one app (windowd(8), Apps and instances): lower-case letters, digits, `.`, `-` and `_`,
/// starting with a letter or digit, at most 64 bytes (`orders`, `com.example.orders`).
///
/// It names the app's manifest (`APP_ID.toml`), socket (`windowd/APP_ID.sock`), state directory
/// and systemd instance (`windowd@APP_ID`), so it can never be a path: no `/`, no `..` first.
public struct AppID: Sendable, Hashable, CustomStringConvertible {
    /// The id as written.
    public let rawValue: String

    /// The longest id, in bytes.
    public static let maximumBytes = 64

    /// Why a text is not an app id.
    public struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        /// The text given.
        public let text: String
        /// What is wrong with it.
        public let reason: String

        /// `text` is no app id because of `reason`.
        public init(text: String, reason: String) {
            self.text = text
            self.reason = reason
        }

        /// `'../x' is not a valid app id: …`, with what an app id is.
        public var description: String {
            "'\(text)' is not a valid app id: \(reason); an app id uses lower-case letters, digits, '.', '-' and '_', "
                + "starts with a letter or digit and has at most \(AppID.maximumBytes) bytes (e.g. orders, com.example.orders)"
        }
    }

    /// `text` as an app id, or why it is not one.
    public init(validating text: String) throws(Invalid) {
        let bytes = Array(text.utf8)
        guard let first = bytes.first else { throw Invalid(text: text, reason: "it is empty") }
        guard bytes.count <= Self.maximumBytes else {
            throw Invalid(text: text, reason: "it has \(bytes.count) bytes, more than \(Self.maximumBytes)")
        }
        guard Self.isLetterOrDigit(first) else {
            throw Invalid(text: text, reason: "it starts with '\(Self.character(first))'")
        }
        if let bad = bytes.first(where: {
            !Self.isLetterOrDigit($0) && $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "_")
        }) {
            let what =
                bad >= UInt8(ascii: "A") && bad <= UInt8(ascii: "Z")
                ? "an upper-case letter" : "'\(Self.character(bad))'"
            throw Invalid(text: text, reason: "it contains \(what)")
        }
        guard text != Self.reserved else {
            throw Invalid(text: text, reason: "it is reserved: windowd.sock is the default app's socket")
        }
        rawValue = text
    }

    /// The one id no app may have: its socket would be the default app's.
    public static let reserved = "windowd"

    /// The id of an app chosen on a command line (`--app`, which must be an app id) or else in
    /// the environment (`WINDOWD_APP`); `nil` for the default app (neither given, or the
    /// variable empty).
    public static func chosen(explicit: String?, environment: [String: String]) throws(Invalid) -> AppID? {
        if let explicit { return try AppID(validating: explicit) }
        let text = environment["WINDOWD_APP"] ?? ""
        return text.isEmpty ? nil : try AppID(validating: text)
    }

    public var description: String { rawValue }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func character(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
    }
}
