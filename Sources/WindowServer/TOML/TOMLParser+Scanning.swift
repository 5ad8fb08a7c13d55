/// Bytes, blanks, comments, newlines, positions and errors.
extension TOMLParser {
    var atEnd: Bool { index >= bytes.count }

    /// The byte `ahead` of the current one, if there is one.
    func peek(_ ahead: Int = 0) -> UInt8? {
        let at = index + ahead
        return at < bytes.count ? bytes[at] : nil
    }

    /// Spaces and tabs.
    mutating func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 { index += 1 }
    }

    /// A newline (LF or CRLF) if one is next; a carriage return alone is an error.
    mutating func skipNewline() throws(TOMLError) -> Bool {
        switch peek() {
        case UInt8(ascii: "\n"):
            index += 1
            return true
        case UInt8(ascii: "\r"):
            guard peek(1) == UInt8(ascii: "\n") else {
                throw error("a carriage return (U+000D) must be followed by a line feed")
            }
            index += 2
            return true
        default:
            return false
        }
    }

    /// A comment, from `#` to the end of its line (the newline left).
    mutating func skipComment() throws(TOMLError) {
        index += 1
        while let byte = peek() {
            if byte == UInt8(ascii: "\n") || (byte == UInt8(ascii: "\r") && peek(1) == UInt8(ascii: "\n")) { return }
            if Self.isControl(byte) {
                throw error("a comment cannot hold the control character \(Self.scalarName(byte))")
            }
            index += 1
        }
    }

    /// Whitespace, newlines and comments, as between the elements of an array.
    mutating func skipBlanksAndComments() throws(TOMLError) {
        while true {
            skipWhitespace()
            if peek() == UInt8(ascii: "#") { try skipComment() }
            if !(try skipNewline()) { return }
        }
    }

    /// Where `offset` (by default, the current byte) is.
    mutating func position(at offset: Int? = nil) -> TOMLPosition {
        tracker.position(of: offset ?? index, in: bytes)
    }

    /// An error at `offset` (by default, the current byte), naming the key being defined.
    mutating func error(_ message: String, at offset: Int? = nil) -> TOMLError {
        TOMLError(position: position(at: offset), message: message, key: context)
    }

    /// An error at `position`, naming the key being defined.
    func error(_ message: String, at position: TOMLPosition) -> TOMLError {
        TOMLError(position: position, message: message, key: context)
    }

    /// What stands at `offset` (by default, the current byte), for messages: `'='`, `the end of the line`.
    func found(at offset: Int? = nil) -> String {
        let at = offset ?? index
        guard at < bytes.count else { return "the end of the file" }
        let byte = bytes[at]
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"): return "the end of the line"
        case UInt8(ascii: "'"): return "\"'\""
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x80...:
            var end = at + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            let text = String(decoding: bytes[at..<end], as: UTF8.self)
            let scalar = text.unicodeScalars.first!
            return scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
                ? Self.scalarName(scalar.value) : "'\(text)'"
        default: return "the control character \(Self.scalarName(byte))"
        }
    }

    /// U+0000 to U+0008, U+000A to U+001F and U+007F: TOML allows none of them raw, except
    /// newlines where lines may end.
    static func isControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }

    /// `U+001B`.
    static func scalarName<Value: BinaryInteger>(_ value: Value) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `0xFF`.
    static func hex(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count < 2 ? "0" : "") + hex
    }

    static func isDigit(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func isLetter(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
