/// Values written back as TOML, and named in words for messages.
extension TOMLValue {
    /// What kind of value this is, in words: `a string`, `an integer`, `a float`, `a boolean`, …
    package var kindDescription: String {
        switch self {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .offsetDateTime: return "a date-time"
        case .localDateTime: return "a local date-time"
        case .localDate: return "a date"
        case .localTime: return "a time"
        case .array: return "an array"
        case .table: return "a table"
        }
    }

    /// The value as a TOML literal on one line, as it could stand after `key = `.
    ///
    /// Tables are written inline; parsing the text gives back an equal value.
    package var tomlText: String {
        var text = ""
        write(to: &text)
        return text
    }

    func write(to text: inout String) {
        switch self {
        case .string(let value):
            Self.writeBasicString(value, to: &text)
        case .integer(let value):
            text += String(value)
        case .float(let value):
            if value.isNaN {
                text += "nan"
            } else if value.isInfinite {
                text += value < 0 ? "-inf" : "inf"
            } else {
                // Swift's shortest round-trip form: `1.5`, `1e+100`, `5e-324`, `-0.0`, all TOML floats.
                text += value.description
            }
        case .boolean(let value):
            text += value ? "true" : "false"
        case .offsetDateTime(let date, let time, let offset):
            Self.write(date, to: &text)
            text += "T"
            Self.write(time, to: &text)
            if offset == 0 {
                text += "Z"
            } else {
                text += offset < 0 ? "-" : "+"
                Self.writeTwoDigits(abs(offset) / 60, to: &text)
                text += ":"
                Self.writeTwoDigits(abs(offset) % 60, to: &text)
            }
        case .localDateTime(let date, let time):
            Self.write(date, to: &text)
            text += "T"
            Self.write(time, to: &text)
        case .localDate(let date):
            Self.write(date, to: &text)
        case .localTime(let time):
            Self.write(time, to: &text)
        case .array(let array):
            text += "["
            for (index, element) in array.enumerated() {
                if index > 0 { text += ", " }
                element.write(to: &text)
            }
            text += "]"
        case .table(let table):
            text += "{"
            for (index, entry) in table.entries.enumerated() {
                text += index > 0 ? ", " : " "
                text += TOMLKey.dotted([entry.key])
                text += " = "
                entry.value.write(to: &text)
            }
            text += table.isEmpty ? "}" : " }"
        }
    }

    private static func writeBasicString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\u{08}": text += "\\b"
            case "\t": text += "\\t"
            case "\n": text += "\\n"
            case "\u{0C}": text += "\\f"
            case "\r": text += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }

    private static func write(_ date: TOMLDate, to text: inout String) {
        let year = String(date.year)
        text += String(repeating: "0", count: max(0, 4 - year.count)) + year + "-"
        writeTwoDigits(date.month, to: &text)
        text += "-"
        writeTwoDigits(date.day, to: &text)
    }

    private static func write(_ time: TOMLTime, to text: inout String) {
        writeTwoDigits(time.hour, to: &text)
        text += ":"
        writeTwoDigits(time.minute, to: &text)
        text += ":"
        writeTwoDigits(time.second, to: &text)
        if time.nanosecond > 0 {
            var digits = String(time.nanosecond)
            digits = String(repeating: "0", count: 9 - digits.count) + digits
            while digits.last == "0" { digits.removeLast() }
            text += "." + digits
        }
    }

    private static func writeTwoDigits(_ value: Int, to text: inout String) {
        if value < 10 { text += "0" }
        text += String(value)
    }
}

extension TOMLTable {
    /// The table as a TOML document: one `key = value` line per key, nested tables inline.
    ///
    /// Parsing the text gives back an equal table.
    package var tomlDocument: String {
        var text = ""
        for entry in entries {
            text += TOMLKey.dotted([entry.key])
            text += " = "
            entry.value.write(to: &text)
            text += "\n"
        }
        return text
    }
}
