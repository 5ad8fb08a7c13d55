/// The four kinds of string: basic, literal, and their multi-line forms.
extension TOMLParser {
    /// `"…"`, with escapes.
    mutating func basicString() throws(TOMLError) -> String {
        let start = index
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw error("the string that starts here is not closed with '\"'", at: start)
            }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: text, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try escape(into: &text)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(
                    "the string that starts at column \(position(at: start).column) is not closed on its line; close it with '\"', or use \"\"\" for a string of several lines"
                )
            case _ where Self.isControl(byte):
                throw error(
                    "a string cannot hold the control character \(Self.scalarName(byte)); write it as \\u\(Self.scalarName(byte).dropFirst(2))"
                )
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// `'…'`, exactly as written.
    mutating func literalString() throws(TOMLError) -> String {
        let start = index
        index += 1
        let contentStart = index
        while true {
            guard let byte = peek() else {
                throw error("the string that starts here is not closed with \"'\"", at: start)
            }
            switch byte {
            case UInt8(ascii: "'"):
                index += 1
                return String(decoding: bytes[contentStart..<(index - 1)], as: UTF8.self)
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(
                    "the string that starts at column \(position(at: start).column) is not closed on its line; close it with \"'\", or use ''' for a string of several lines"
                )
            case _ where Self.isControl(byte):
                throw error(
                    "a literal string cannot hold the control character \(Self.scalarName(byte)); use a basic string (\"…\") with an escape"
                )
            default:
                index += 1
            }
        }
    }

    /// `"""…"""`: newlines kept (but the one right after the opening quotes), escapes, and a
    /// backslash at the end of a line that joins it to the next non-blank text.
    mutating func multiLineBasicString() throws(TOMLError) -> String {
        try multiLineString(quote: UInt8(ascii: "\""), escapes: true)
    }

    /// `'''…'''`: exactly as written, but the newline right after the opening quotes.
    mutating func multiLineLiteralString() throws(TOMLError) -> String {
        try multiLineString(quote: UInt8(ascii: "'"), escapes: false)
    }

    /// A multi-line string closed by three `quote`s: basic (with `escapes`) or literal.
    private mutating func multiLineString(quote: UInt8, escapes: Bool) throws(TOMLError) -> String {
        let start = index
        index += 3
        _ = try skipNewline()
        var text: [UInt8] = []
        let delimiter = String(repeating: Character(Unicode.Scalar(quote)), count: 3)
        while true {
            guard let byte = peek() else {
                throw error("the multi-line string that starts here is not closed with \(delimiter)", at: start)
            }
            switch byte {
            case quote:
                if try closeQuotes(quote, into: &text) {
                    return String(decoding: text, as: UTF8.self)
                }
            case UInt8(ascii: "\\") where escapes:
                if lineEndingBackslash() {
                    index += 1
                    while true {
                        skipWhitespace()
                        if !(try skipNewline()) { break }
                    }
                } else {
                    try escape(into: &text)
                }
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                // CRLF or LF, kept as LF: a value does not depend on how the file ends its lines.
                _ = try skipNewline()
                text.append(0x0A)
            case _ where Self.isControl(byte):
                if escapes {
                    throw error(
                        "a string cannot hold the control character \(Self.scalarName(byte)); write it as \\u\(Self.scalarName(byte).dropFirst(2))"
                    )
                }
                throw error(
                    "a literal string cannot hold the control character \(Self.scalarName(byte)); use a basic string (\"\"\"…\"\"\") with an escape"
                )
            default:
                text.append(byte)
                index += 1
            }
        }
    }

    /// A run of `quote`s inside a multi-line string: fewer than three are text; three to five
    /// close the string, the first one or two being its last characters.
    private mutating func closeQuotes(_ quote: UInt8, into text: inout [UInt8]) throws(TOMLError) -> Bool {
        let start = index
        while peek() == quote { index += 1 }
        let run = index - start
        if run < 3 {
            text.append(contentsOf: repeatElement(quote, count: run))
            return false
        }
        guard run <= 5 else {
            throw error("\(run) quotes in a row: at most two may stand right before the closing three", at: start)
        }
        text.append(contentsOf: repeatElement(quote, count: run - 3))
        return true
    }

    /// Whether the backslash here ends its line (only blanks after it).
    private func lineEndingBackslash() -> Bool {
        var ahead = index + 1
        while ahead < bytes.count, bytes[ahead] == 0x20 || bytes[ahead] == 0x09 { ahead += 1 }
        guard ahead < bytes.count else { return false }
        return bytes[ahead] == UInt8(ascii: "\n")
            || (bytes[ahead] == UInt8(ascii: "\r") && ahead + 1 < bytes.count && bytes[ahead + 1] == UInt8(ascii: "\n"))
    }

    /// `\n`, `\"`, `\u00E9`, `\U0001F600`, …
    private mutating func escape(into text: inout [UInt8]) throws(TOMLError) {
        let start = index
        index += 1
        let simple: UInt8?
        switch peek() {
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "u"), UInt8(ascii: "U"): simple = nil
        case let byte? where byte > 0x20 && byte < 0x7F:
            throw error("\\\(Character(Unicode.Scalar(byte))) is not an escape; \(Self.escapes)", at: start)
        default:
            throw error("a backslash followed by \(found()) is not an escape; \(Self.escapes)", at: start)
        }
        if let simple {
            text.append(simple)
            index += 1
            return
        }
        let count = peek() == UInt8(ascii: "u") ? 4 : 8
        index += 1
        var value: UInt32 = 0
        for _ in 0..<count {
            guard let byte = peek(), let digit = Self.hexValue(byte) else {
                throw error("\\\(count == 4 ? "u" : "U") needs \(count) hexadecimal digits, found \(found())")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw error(
                "\(String(decoding: bytes[start..<index], as: UTF8.self)) is not a Unicode scalar value (a surrogate, or above 10FFFF)",
                at: start
            )
        }
        text.append(contentsOf: String(Character(scalar)).utf8)
    }

    private static let escapes =
        #"the escapes are \b \t \n \f \r \" \\ \uXXXX and \UXXXXXXXX (a backslash itself is \\)"#

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
