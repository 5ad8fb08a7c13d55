import TOMLKit

/// A config file or an app's manifest parsed by TOMLKit (toml++), with where each key stands.
struct ConfigDocument {
    /// The document's root table.
    let root: TOMLTable
    /// Where its keys stand.
    let outline: TOMLOutline
    /// The file, for errors.
    let file: String

    /// Parses `bytes`: any bytes give a document or an error at the file, line and column.
    init(bytes: [UInt8], file: String) throws(ConfigError) {
        var outline: TOMLOutline?
        func syntax(_ line: Int, _ column: Int?, _ message: String, what: String = "not valid TOML") -> ConfigError {
            let key = outline?.keys[line].map(ConfigTable.dotted)
            let message = what + (key.map { " (in \($0))" } ?? "") + ": " + message
            return ConfigError(file: file, line: line, column: column, key: key, message: message)
        }
        // toml++ reads a C string (a NUL would end it early) from a Swift String (which mends bytes that are not UTF-8).
        if let (offset, message) = Self.unreadable(bytes) {
            let before = bytes[..<offset]
            let lineStart = (before.lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
            let column = TOMLOutline.characters(bytes[lineStart..<offset]) + 1
            throw syntax(before.count { $0 == UInt8(ascii: "\n") } + 1, column, message)
        }
        let scanned = TOMLOutline(bytes)
        (outline, self.outline, self.file) = (scanned, scanned, file)
        do {
            let text = String(decoding: bytes[..<(scanned.hazard?.statement ?? bytes.count)], as: UTF8.self)
            root = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let (line, column) = Self.inside(bytes, line: error.source.begin.line, column: error.source.begin.column)
            throw syntax(line, column, error.description)
        } catch {
            throw syntax(1, 1, "\(error)")
        }
        if let hazard = scanned.hazard {
            // A column for a syntax error only, as for the decoding errors after it.
            guard let what = hazard.what else { throw syntax(hazard.line, hazard.column, hazard.message) }
            throw syntax(hazard.line, nil, hazard.message, what: what)
        }
    }

    /// `line` and `column` moved inside `bytes`, at most just past a line's last character: toml++
    /// puts an error at the end of the input a column or a line beyond it.
    private static func inside(_ bytes: [UInt8], line: Int, column: Int) -> (line: Int, column: Int) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let line = min(max(line, 1), lines.count)
        let length = TOMLOutline.characters(lines[line - 1])
        return (line, min(max(column, 1), length + 1))
    }

    /// The first byte that is not UTF-8, else the first NUL, and what is wrong with it.
    private static func unreadable(_ bytes: [UInt8]) -> (Int, String)? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        if offset < bytes.count {
            let byte = "0x" + String(bytes[offset], radix: 16, uppercase: true)
            return (offset, "the file is not UTF-8 text (byte \(byte)); TOML must be UTF-8")
        }
        return bytes.firstIndex(of: 0).map { ($0, "a NUL character (U+0000) is not allowed in TOML") }
    }
}
