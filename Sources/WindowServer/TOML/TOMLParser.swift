/// A strict TOML 1.0 parser: UTF-8 bytes in, the document's root table out, or an error that
/// says where and what.
///
/// Everything TOML 1.0 rejects is an error, invalid UTF-8 and control characters included.
/// Arrays and tables may nest ``maximumDepth`` deep, so no input can exhaust the stack, and
/// the time taken grows linearly with the input. No I/O.
package struct TOMLParser {
    /// How deeply tables and arrays may nest (a table inside an array inside a table is 3).
    package static let maximumDepth = 64

    /// Parses a document.
    package static func parse(_ bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
        var parser = TOMLParser(bytes: bytes)
        return try parser.document()
    }

    /// Parses a document.
    package static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
        try parse(Array(text.utf8))
    }

    let bytes: [UInt8]
    var index: Int
    var tracker: PositionTracker
    let root: TableNode
    /// The table that key/value lines go into: the root, or the last header's.
    var current: TableNode
    /// The dotted name of `current`, for messages.
    var currentPath: [String] = []
    /// Counts headers: dotted-key tables belong to the section they were made in.
    var section = 0
    /// The key being defined, for errors.
    var context: [String]?

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        index = bytes.starts(with: byteOrderMark) ? 3 : 0
        tracker = PositionTracker(start: index)
        root = TableNode(definition: .header, position: .start, depth: 0)
        current = root
    }

    private mutating func document() throws(TOMLError) -> TOMLTable {
        if let invalid = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw error(
                "the file is not UTF-8 text (byte \(Self.hex(bytes[invalid]))); TOML must be UTF-8",
                at: invalid
            )
        }
        while true {
            context = nil
            skipWhitespace()
            guard let byte = peek() else { break }
            switch byte {
            case UInt8(ascii: "#"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "["):
                try header()
            default:
                let key = try keyValue(into: current, path: currentPath)
                try endOfLine(after: "the value of \(TOMLKey.dotted(key))")
                continue
            }
            try endOfLine(after: context.map { "the table header [\(TOMLKey.dotted($0))]" } ?? "a comment")
        }
        return root.frozen()
    }

    /// After an expression: blanks, maybe a comment, then a newline or the end.
    private mutating func endOfLine(after what: String) throws(TOMLError) {
        skipWhitespace()
        if peek() == UInt8(ascii: "#") { try skipComment() }
        if atEnd { return }
        if try skipNewline() { return }
        throw error("expected the end of the line after \(what), found \(found())")
    }

    /// `[a.b]` or `[[a.b]]`: makes its table the current one.
    private mutating func header() throws(TOMLError) {
        // Asked before the key is read: positions are asked in document order (PositionTracker).
        let position = position()
        let isArray = peek(1) == UInt8(ascii: "[")
        index += isArray ? 2 : 1
        skipWhitespace()
        let key = try keyPath(expecting: isArray ? "a table name after '[['" : "a table name after '['")
        let names = key.map(\.name)
        context = names
        skipWhitespace()
        if isArray {
            guard peek() == UInt8(ascii: "]"), peek(1) == UInt8(ascii: "]") else {
                throw error("expected ']]' to close the header [[\(TOMLKey.dotted(names))]], found \(found())")
            }
            index += 2
        } else {
            guard peek() == UInt8(ascii: "]") else {
                throw error("expected ']' to close the header [\(TOMLKey.dotted(names))], found \(found())")
            }
            index += 1
        }
        section += 1
        current = isArray ? try appendTable(key, at: position) : try defineTable(key, at: position)
        currentPath = names
    }

    /// `key = value` into `table`, whose dotted name is `path`; returns the whole key.
    @discardableResult
    mutating func keyValue(into table: TableNode, path: [String]) throws(TOMLError) -> [String] {
        let key = try keyPath(expecting: "a key")
        let names = path + key.map(\.name)
        context = names
        skipWhitespace()
        guard peek() == UInt8(ascii: "=") else {
            throw error("expected '=' after the key \(TOMLKey.dotted(key.map(\.name))), found \(found())")
        }
        index += 1
        skipWhitespace()
        let value = try value(depth: table.depth + key.count)
        try insert(key, value, into: table, path: path)
        return names
    }
}
