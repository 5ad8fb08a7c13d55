/// Where each key of a TOML text stands, and the first place in it that toml++ must not be given.
///
/// A light scan, not a parser: it follows strings, comments, brackets and dotted keys well enough
/// to place every key and array element of a document that toml++ accepts, and to find, before
/// toml++ reaches them, the things that would crash it: a table header whose name starts with
/// neither a letter nor a quote (toml++ 3.4 asserts on `[&`, `[[[`, `[.]`, `[\r`), a `}` where an
/// array's element should be (`[}`, `[1, }`), malformed dates and times (`1979-05-27 0]`; the
/// config takes none, so every date and time is refused), and nesting past
/// ``maximumDepth`` (toml++ frees nested tables recursively). Text it does not follow it steps
/// over: toml++ refuses that text before the place where the scan could go wrong.
struct TOMLOutline {
    /// How deeply a value may nest: the parts of its table's name and of its key, and the arrays
    /// and inline tables around it, counted together (windowd.toml(5)).
    static let maximumDepth = 64

    /// The first place toml++ must not be given: where, what is wrong, the offset where the
    /// header or key/value line that holds it starts, and what it is if it is TOML the config
    /// does not take (`nil`: text that is not TOML).
    private(set) var hazard: (line: Int, column: Int, message: String, statement: Int, what: String?)?
    /// The header or key written first on each line.
    private(set) var keys: [Int: [String]] = [:]
    private var lines: [[String]: Int] = [:]
    private let bytes: [UInt8]
    private var index: Int
    private var line = 1
    private var lineStart: Int
    private var statement = 0

    /// Scans `bytes`, which must be UTF-8.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        lineStart = index
        var table: [String] = []
        while hazard == nil, let byte = skipBlanks() {
            statement = index
            switch byte {
            case UInt8(ascii: "\n"): newline()
            case UInt8(ascii: "#"): skipComment()
            case UInt8(ascii: "["): table = header()
            default: keyValue(in: table, depth: table.count)
            }
        }
    }

    /// The line of `path` (a key, or an element `[N]` of an array), else of the nearest table or
    /// array around it that has one.
    func line(of path: [String]) -> Int? {
        for count in stride(from: path.count, to: 0, by: -1) {
            if let line = lines[Array(path.prefix(count))] { return line }
        }
        return nil
    }

    /// `[a.b]` or `[[a.b]]`: its name.
    private mutating func header() -> [String] {
        index += 1
        let afterBracket = index
        var opening = "'['"
        var next = skipBlanks()
        if next == UInt8(ascii: "["), index == afterBracket {
            index += 1
            opening = "'[['"
            next = skipBlanks()
        }
        // A lone carriage return before the name is no blank to toml++, which asserts on it.
        let blanks = bytes[(opening == "'[['" ? afterBracket + 1 : afterBracket)..<index]
        if next != UInt8(ascii: "\n"), blanks.contains(0x0D) {
            stop("expected a table name after \(opening), found a carriage return")
            return []
        }
        // `[ [` is an error toml++ reports; anything else that cannot start a key is the assertion.
        if let next, !(Self.isBare(next) || next == UInt8(ascii: "\"") || next == UInt8(ascii: "'")),
            next != UInt8(ascii: "]"), next != UInt8(ascii: "[") || opening == "'[['"
        {
            let character = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).first ?? " "
            let found = next == UInt8(ascii: "\n") ? "the end of the line" : "'\(character)'"
            stop("expected a table name after \(opening), found \(found)")
            return []
        }
        let name = readKey()
        guard name.count <= Self.maximumDepth else {
            stop("tables and arrays nest more than \(Self.maximumDepth) deep")
            return []
        }
        record(name, from: 1)
        keys[line] = keys[line] ?? name
        return name
    }

    /// `a.b = value`, in the table `path` at `depth`.
    private mutating func keyValue(in path: [String], depth: Int) {
        let names = readKey()
        guard !names.isEmpty, skipBlanks() == UInt8(ascii: "=") else {
            if index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            return
        }
        index += 1
        guard depth + names.count <= Self.maximumDepth else {
            return stop("tables and arrays nest more than \(Self.maximumDepth) deep")
        }
        record(path + names, from: path.count + 1)
        keys[line] = keys[line] ?? path + names
        value(at: path + names, depth: depth + names.count)
    }

    private mutating func value(at path: [String], depth: Int) {
        switch skipBlanks() {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            skipString()
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            guard depth <= Self.maximumDepth else {
                return stop("tables and arrays nest more than \(Self.maximumDepth) deep")
            }
            let isArray = bytes[index] == UInt8(ascii: "[")
            index += 1
            var element = 0
            var expectsValue = true
            while hazard == nil, let byte = isArray ? skipBlanksAndComments() : skipBlanks(),
                byte != UInt8(ascii: isArray ? "]" : "}"), byte != UInt8(ascii: "\n")
            {
                let start = index
                if byte == UInt8(ascii: ",") {
                    index += 1
                    element += 1
                    expectsValue = true
                } else if isArray, expectsValue, byte == UInt8(ascii: "}") {
                    // toml++ 3.4 asserts on a '}' where an array's element should be (`[}`, `[1, }`).
                    stop("expected a value or ']' in an array, found '}'")
                } else if isArray {
                    expectsValue = false
                    record(path + ["[\(element)]"], from: path.count + 1)
                    value(at: path + ["[\(element)]"], depth: depth + 1)
                } else {
                    keyValue(in: path, depth: depth)
                }
                if index == start { index += 1 }
            }
            if index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
        default:
            // A number or a boolean. A digit first, then a `:`, or a `-` that is not an exponent's: a date or a time,
            // which no key of windowd's takes and whose malformed shapes toml++ 3.4 asserts on (`1979-05-27 0]`,
            // `1979-05-27T:32:00`, `066%-05-2` 0]`).
            let token = bytes[index...].prefix { !" \t,]}#\r\n".utf8.contains($0) }
            if let first = token.first, (0x30...0x39).contains(first),
                zip(token.dropFirst(), token).contains(where: { byte, previous in
                    byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") && previous | 0x20 != UInt8(ascii: "e")
                })
            {
                return stop("windowd's config and manifests take none", what: "a date or a time")
            }
            while index < bytes.count, !",]}#\r\n".utf8.contains(bytes[index]) { index += 1 }
        }
    }

    /// Bare and quoted keys joined by dots; a quoted key keeps its escapes.
    private mutating func readKey() -> [String] {
        var names: [String] = []
        while let byte = skipBlanks() {
            let start = index
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                skipString()
                names.append(String(decoding: bytes[(start + 1)..<max(start + 1, index - 1)], as: UTF8.self))
            } else if Self.isBare(byte) {
                while index < bytes.count, Self.isBare(bytes[index]) { index += 1 }
                names.append(String(decoding: bytes[start..<index], as: UTF8.self))
            } else {
                break
            }
            guard skipBlanks() == UInt8(ascii: ".") else { break }
            index += 1
        }
        return names
    }

    /// Past a basic or literal string, single- or multi-line.
    private mutating func skipString() {
        let quote = bytes[index]
        let multiline = bytes[index...].starts(with: [quote, quote, quote])
        index += multiline ? 3 : 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\") where quote == UInt8(ascii: "\""):
                index += 1
                if index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "\n"):
                guard multiline else { return }
                newline()
            case quote where !multiline:
                index += 1
                return
            case quote where bytes[index...].starts(with: [quote, quote, quote]):
                // Up to two quotes of the content may stand before the closing three.
                index += 3
                for _ in 0..<2 where index < bytes.count && bytes[index] == quote { index += 1 }
                return
            default:
                index += 1
            }
        }
    }

    /// The first line each of `path`'s prefixes from `count` parts on is written on.
    private mutating func record(_ path: [String], from count: Int) {
        for count in max(count, 1)...max(path.count, 1) where count <= path.count {
            let prefix = Array(path.prefix(count))
            if lines[prefix] == nil { lines[prefix] = line }
        }
    }

    private mutating func stop(_ message: String, what: String? = nil) {
        let column = Self.characters(bytes[lineStart..<index]) + 1
        hazard = (line, column, message, statement, what)
    }

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
    }

    private mutating func skipComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    /// Past spaces, tabs and carriage returns: the byte there, if any.
    private mutating func skipBlanks() -> UInt8? {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0D { index += 1 }
        return index < bytes.count ? bytes[index] : nil
    }

    /// Past blanks, newlines and comments, as between an array's elements.
    private mutating func skipBlanksAndComments() -> UInt8? {
        while let byte = skipBlanks() {
            switch byte {
            case UInt8(ascii: "\n"): newline()
            case UInt8(ascii: "#"): skipComment()
            default: return byte
            }
        }
        return nil
    }

    /// How many characters `bytes` (UTF-8) hold: the bytes that are not continuation bytes.
    static func characters(_ bytes: ArraySlice<UInt8>) -> Int { bytes.count { $0 & 0xC0 != 0x80 } }

    /// `A-Z a-z 0-9 _ -`: the bytes of a bare key.
    static func isBare(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte | 0x20) || (0x30...0x39).contains(byte) || byte == 0x5F || byte == 0x2D
    }
}
