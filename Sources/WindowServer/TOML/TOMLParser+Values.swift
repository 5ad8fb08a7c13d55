/// Values: which kind starts here, arrays and inline tables.
extension TOMLParser {
    /// The value that starts at the current byte; `depth` is how deep it would be nested.
    mutating func value(depth: Int) throws(TOMLError) -> TOMLValue {
        guard let byte = peek() else { throw error("expected a value, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                return .string(try multiLineBasicString())
            }
            return .string(try basicString())
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                return .string(try multiLineLiteralString())
            }
            return .string(try literalString())
        case UInt8(ascii: "["):
            return .array(try array(depth: depth))
        case UInt8(ascii: "{"):
            return .table(try inlineTable(depth: depth))
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"):
            return try numberOrDateTime()
        case _ where Self.isLetter(byte):
            return try word()
        default:
            throw error("expected a value, found \(found())")
        }
    }

    /// `true`, `false`, `inf`, `nan`; any other word is a string without its quotes.
    private mutating func word() throws(TOMLError) -> TOMLValue {
        let start = index
        while let byte = peek(), TOMLKey.isBareKeyByte(byte) { index += 1 }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        switch word {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf": return .float(.infinity)
        case "nan": return .float(.nan)
        default:
            let shown = word.count > 40 ? String(word.prefix(40)) + "…" : word
            throw error(
                "expected a value, found \(shown); a string needs quotes, and true, false, inf and nan are lowercase",
                at: start
            )
        }
    }

    /// `[ 1, "two", [3], ]`: newlines and comments allowed between elements, a trailing comma too.
    private mutating func array(depth: Int) throws(TOMLError) -> TOMLArray {
        guard depth <= Self.maximumDepth else {
            throw error("tables and arrays nest more than \(Self.maximumDepth) deep")
        }
        var array = TOMLArray(position: position())
        index += 1
        while true {
            try skipBlanksAndComments()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return array
            }
            let position = position()
            array.append(try value(depth: depth + 1), at: position)
            try skipBlanksAndComments()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                return array
            default:
                throw error("expected ',' or ']' after an element of the array, found \(found())")
            }
        }
    }

    private static let inlineTableOnOneLine =
        "an inline table must end on the line it starts on (use a [table] to spread keys over lines)"

    /// `{ a = 1, b.c = 2 }`: on one line, no trailing comma, closed to any later addition.
    private mutating func inlineTable(depth: Int) throws(TOMLError) -> TOMLTable {
        guard depth <= Self.maximumDepth else {
            throw error("tables and arrays nest more than \(Self.maximumDepth) deep")
        }
        let node = TableNode(definition: .dotted(section: section), position: position(), depth: depth)
        let path = context ?? []
        index += 1
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            index += 1
            return node.frozen()
        }
        while true {
            if peek() == UInt8(ascii: "\n") || peek() == UInt8(ascii: "\r") {
                throw error(Self.inlineTableOnOneLine)
            }
            try keyValue(into: node, path: path)
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","):
                index += 1
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    throw error("an inline table cannot end with a comma")
                }
            case UInt8(ascii: "}"):
                index += 1
                context = path
                return node.frozen()
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error(Self.inlineTableOnOneLine)
            default:
                throw error("expected ',' or '}' after a key of the inline table, found \(found())")
            }
        }
    }
}
