/// Where each key of a TOML text stands, so that a decoding error can name its line.
///
/// A light scan, not a parser: TOMLKit has already accepted the text; this only maps
/// `[table]` headers and `key =` lines to dotted keys.
struct ConfigLineIndex {
    private var lines: [String: Int] = [:]
    private var keysByLine: [Int: String] = [:]

    init(text: String) {
        var table: [String] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
            if line.hasPrefix("[") {
                let name = line.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" })
                table = name.split(separator: ".").map { Self.unquote($0) }
                lines[table.joined(separator: "."), default: number + 1] = number + 1
                keysByLine[number + 1] = table.joined(separator: ".")
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = (table + [Self.unquote(line[..<equals])]).joined(separator: ".")
                lines[key, default: number + 1] = number + 1
                keysByLine[number + 1] = key
            }
        }
    }

    /// The line of `key` (dotted), else of its nearest enclosing table that is written out.
    func line(of key: String) -> Int? {
        var parts = key.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if let line = lines[parts.joined(separator: ".")] { return line }
            parts.removeLast()
        }
        return nil
    }

    /// The dotted key (or table) written on `line`, if any.
    func key(at line: Int) -> String? {
        keysByLine[line]
    }

    private static func unquote(_ text: Substring) -> String {
        var trimmed = text
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        if trimmed.count >= 2, let first = trimmed.first, first == "\"" || first == "'", trimmed.last == first {
            return String(trimmed.dropFirst().dropLast())
        }
        return String(trimmed)
    }
}
