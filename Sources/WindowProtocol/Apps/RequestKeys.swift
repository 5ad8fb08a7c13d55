/// How a `run` group's program takes what an open asked for (windowd.toml(5), `requests`): a
/// table from argument patterns to the keys its presenter types into the program's terminal.
///
/// ```swift
/// let table = ["+{n}": "<Esc>:{n}<CR>", "+/{}": "<Esc>/{}<CR>"]
/// RequestKeys.apply(["+120"], table)         // keys of "\u{1B}:120\r", nothing left over
/// RequestKeys.apply(["-d", "b.txt"], table)  // no keys; notPassedOn: ["-d", "b.txt"]
/// ```
///
/// A pattern is literal text with at most one placeholder: `{n}` for a number, `{}` for any
/// text without control characters. Its keys may use the same placeholder for what it matched,
/// and name keys as vim does: `<Esc>`, `<CR>`, `<Tab>`, `<Space>`, `<lt>` (a `<`), `<C-x>`.
public enum RequestKeys {
    /// The keys `request`'s arguments make under `table`, in order, and the arguments no pattern
    /// of it takes (the whole request without a table).
    public static func apply(_ request: [String], _ table: [String: String]) -> (keys: [UInt8], notPassedOn: [String]) {
        let patterns = table.keys.compactMap(Pattern.init).sorted()
        var keys: [UInt8] = []
        var notPassedOn: [String] = []
        for argument in request {
            guard let (pattern, captured) = patterns.lazy.compactMap({ p in p.match(argument).map { (p, $0) } }).first,
                let typed = Self.keys(table[pattern.text]!, captured: captured)
            else {
                notPassedOn.append(argument)
                continue
            }
            keys += typed
        }
        return (keys, notPassedOn)
    }

    /// The bytes `notation` types, `captured` in place of its placeholder; `nil` if it names a key
    /// there is none of, or leaves a `<` open.
    public static func keys(_ notation: String, captured: String = "") -> [UInt8]? {
        var bytes: [UInt8] = []
        var rest = Substring(notation)
        while let first = rest.first {
            if let placeholder = Pattern.placeholders.first(where: { rest.hasPrefix($0) }) {
                bytes += captured.utf8
                rest = rest.dropFirst(placeholder.count)
            } else if first == "<" {
                guard let end = rest.firstIndex(of: ">"),
                    let key = named(rest[rest.index(after: rest.startIndex)..<end])
                else { return nil }
                bytes.append(key)
                rest = rest[rest.index(after: end)...]
            } else {
                bytes += String(first).utf8
                rest = rest.dropFirst()
            }
        }
        return bytes
    }

    /// Why `pattern` with `keys` cannot be an entry of a table, or `nil`.
    public static func problem(pattern: String, keys: String) -> String? {
        guard let parsed = Pattern(pattern) else {
            return "a pattern is text with at most one {n} or {}, not \(JSONValue.string(pattern).jsonText)"
        }
        if let problem = problem(keys: keys) { return problem }
        if let used = Pattern.placeholders.first(where: { keys.contains($0) }), used != parsed.placeholder {
            return "uses \(used), which its pattern \(JSONValue.string(pattern).jsonText) has not"
        }
        return nil
    }

    /// Why `keys` is no key notation, or `nil`.
    public static func problem(keys: String) -> String? {
        Self.keys(keys) == nil
            ? "names no key in \(JSONValue.string(keys).jsonText): keys are text, <Esc>, <CR>, <Tab>, <Space>, <lt>, <C-x>"
            : nil
    }

    /// The request `winctl run VALUE -- PROGRAM ARGUMENTS` carries: the program's arguments
    /// without the first that `isValue` says names the window's value (the file the window is
    /// already of) and a `--` just before it.
    public static func request(_ arguments: some Collection<String>, isValue: (String) -> Bool) -> [String] {
        var request = Array(arguments)
        guard let index = request.firstIndex(where: isValue) else { return request }
        request.remove(at: index)
        if index > 0, request[index - 1] == "--" { request.remove(at: index - 1) }
        return request
    }

    /// The key `<name>` stands for.
    private static func named(_ name: Substring) -> UInt8? {
        switch name.lowercased() {
        case "esc": 0x1B
        case "cr", "enter": 0x0D
        case "tab": 0x09
        case "space": 0x20
        case "lt": UInt8(ascii: "<")
        case let control where control.count == 3 && control.hasPrefix("c-"):
            control.last.flatMap(\.asciiValue).flatMap {
                ("a"..."z").contains(Character(UnicodeScalar($0))) ? $0 - 96 : nil
            }
        default: nil
        }
    }

    /// One pattern of a table: its text around a placeholder, or all literal.
    struct Pattern: Comparable {
        static let placeholders = ["{n}", "{}"]
        let text: String
        let placeholder: String?
        let prefix: Substring
        let suffix: Substring

        init?(_ text: String) {
            let found = Self.placeholders.compactMap { p in text.firstRange(of: p).map { (p, $0) } }
            guard !text.isEmpty, found.count <= 1 else { return nil }
            self.text = text
            placeholder = found.first?.0
            let range = found.first?.1 ?? text.endIndex..<text.endIndex
            prefix = text[..<range.lowerBound]
            suffix = text[range.upperBound...]
            if let placeholder, suffix.contains(placeholder) { return nil }
        }

        /// What `argument` has in place of the placeholder ("" for a literal), or `nil` if it does
        /// not match.
        func match(_ argument: String) -> String? {
            guard let placeholder else { return argument == text ? "" : nil }
            guard argument.hasPrefix(prefix), argument.hasSuffix(suffix),
                argument.count > prefix.count + suffix.count
            else { return nil }
            let captured = argument.dropFirst(prefix.count).dropLast(suffix.count)
            let fits =
                placeholder == "{n}"
                ? captured.allSatisfy(\.isASCII) && captured.allSatisfy(\.isNumber)
                : !captured.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            return fits ? String(captured) : nil
        }

        /// Literals first, then numbers, then any text; a longer literal part before a shorter.
        static func < (a: Pattern, b: Pattern) -> Bool {
            func rank(_ p: Pattern) -> Int { p.placeholder.map { Self.placeholders.firstIndex(of: $0)! + 1 } ?? 0 }
            let (lengthA, lengthB) = (a.prefix.count + a.suffix.count, b.prefix.count + b.suffix.count)
            return (rank(a), -lengthA, a.text) < (rank(b), -lengthB, b.text)
        }
    }
}
