extension JSONValue {
    /// How a window's value reads in human output (winctl's lines, the terminal view): a string
    /// bare when it is one plain word (so `awk` can split a line), anything else as a JSON
    /// literal, `nil` for `null`. No control character is ever written as it is (see
    /// ``escapingControls(_:keepingLineFeeds:)``).
    public var word: String? {
        switch self {
        case .null:
            return nil
        case .string(let text):
            let plain =
                !text.isEmpty
                && text.unicodeScalars.allSatisfy { scalar in
                    scalar.value > 0x20 && !Self.isControl(scalar) && scalar != "\"" && scalar != "\\"
                }
            return plain ? text : Self.escapingControls(jsonText)
        default:
            return Self.escapingControls(jsonText)
        }
    }

    /// `text` with every control character (U+0000–U+001F, U+007F–U+009F) written as its JSON
    /// escape (`\u001b`, `\r`, `\t`, …) and everything else as it is: how text a client chose
    /// reads in winctl's messages and the daemon's log, as ``word`` shows a value, so that none
    /// of it reaches a terminal or a log as a control sequence. With `keepingLineFeeds`, `\n`
    /// stays a line break (for a message of several lines whose breaks are winctl's own).
    public static func escapingControls(_ text: String, keepingLineFeeds: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingLineFeeds && $0 == "\n") }) else {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingLineFeeds && scalar == "\n") {
                out += escape(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A C0 control, DEL or a C1 control: what a terminal may act on rather than show.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The JSON escape of a control character: `\n`, `\r`, `\t`, else `\u00XX`.
    static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\n": return "\\n"
        case "\r": return "\\r"
        case "\t": return "\\t"
        default:
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }
}
