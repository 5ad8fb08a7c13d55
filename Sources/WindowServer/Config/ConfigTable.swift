import TOMLKit

/// One table of the config while it is decoded: reads keys by name and type, and names the
/// file, the line and the dotted key in every error, with what was expected and what was found.
struct ConfigTable {
    /// The table as parsed.
    let table: TOMLTable
    /// Its dotted name: `[]` for the document, `["groups", "main"]` for `[groups.main]`.
    let path: [String]
    /// The file, for errors.
    let file: String
    /// Where the document's keys stand.
    let outline: TOMLOutline

    /// The table's keys.
    var keys: [String] { table.keys }

    /// The dotted key of `name` in this table, e.g. `daemon.max_clients` or `groups."two words"`.
    func key(_ name: String) -> String {
        Self.dotted(path + [name])
    }

    /// A key path as TOML writes it: each part bare when it can be, else quoted.
    static func dotted(_ path: [String]) -> String {
        path.map { $0.isEmpty || !$0.utf8.allSatisfy(TOMLOutline.isBare) ? quoted($0) : $0 }
            .joined(separator: ".")
    }

    /// An error about `name` (or the table itself), at its line; `message` follows the key.
    func error(_ name: String?, _ message: String, element: Int? = nil) -> ConfigError {
        let key = name.map(key) ?? Self.dotted(path)
        let subject = element.map { "\(key)[\($0)]" } ?? key
        let line = outline.line(of: path + (name.map { [$0] } ?? []) + (element.map { ["[\($0)]"] } ?? []))
        return ConfigError(file: file, line: line, key: key, message: "\(subject) \(message)")
    }

    /// Refuses any key but `known`, suggesting the nearest known one; the first written is named.
    func rejectUnknownKeys(
        _ known: [String],
        otherwise advice: String = "check its spelling against windowd.toml(5)"
    ) throws(ConfigError) {
        let unknown = keys.filter { !known.contains($0) }
        if let name = unknown.min(by: { (outline.line(of: path + [$0]) ?? 0) < (outline.line(of: path + [$1]) ?? 0) }) {
            let nearest = known.first { Self.isNear(name, $0) }
            throw error(name, "is not a known key; " + (nearest.map { "did you mean \($0)?" } ?? advice))
        }
    }

    /// The sub-table `name`, if written.
    func table(_ name: String, written: String? = nil) throws(ConfigError) -> ConfigTable? {
        try value(name, as: "a table (\(written ?? "[\(key(name))]"))") {
            $0.table.map { ConfigTable(table: $0, path: path + [name], file: file, outline: outline) }
        }
    }

    /// The integer `name`, if written; `unit` names what it counts, `check` returns what is wrong with it.
    func integer(
        _ name: String,
        of unit: String? = nil,
        check: (Int) -> String? = { _ in nil }
    ) throws(ConfigError) -> Int? {
        let value = try value(name, as: "an integer" + (unit.map { " number of \($0)" } ?? "")) { $0.int }
        if let value, let problem = check(value) { throw error(name, problem) }
        return value
    }

    /// The string `name`, if written; `check` says what is wrong with a value, if anything.
    func string(_ name: String, check: (String) -> String? = { _ in nil }) throws(ConfigError) -> String? {
        let value = try value(name, as: "a string") { $0.string }
        if let value, let problem = check(value) { throw error(name, problem) }
        return value
    }

    /// The boolean `name`, if written.
    func boolean(_ name: String) throws(ConfigError) -> Bool? {
        try value(name, as: "true or false") { $0.bool }
    }

    /// The one of `Choice`'s values that the string `name` spells, if written.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String) throws(ConfigError) -> Choice?
    where Choice.RawValue == String {
        let names = Choice.allCases.map { Self.quoted($0.rawValue) }
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        return try value(name, as: (names.count > 1 ? "one of " : "") + list) { $0.string.flatMap(Choice.init) }
    }

    /// The array of strings `name`, if written.
    func strings(_ name: String) throws(ConfigError) -> [String]? {
        try array(name, of: "strings", element: { $0.string }) { "must be a string, found \(Self.found($0))" }
    }

    /// The array of user ids `name`, if written.
    func userIDs(_ name: String) throws(ConfigError) -> [UInt32]? {
        try array(name, of: "user ids (integers)", element: { $0.int.flatMap(UInt32.init(exactly:)) }) { value in
            value.int.map { "must be a user id, 0 to \(UInt32.max), not \($0)" }
                ?? "must be a user id (an integer), found \(Self.found(value))"
        }
    }

    /// The array `name` of what `read` takes, if written; `problem` says what is wrong with an element it does not.
    private func array<Element>(
        _ name: String,
        of what: String,
        element read: (TOMLValue) -> Element?,
        problem: (TOMLValue) -> String
    ) throws(ConfigError) -> [Element]? {
        guard let array = try value(name, as: "an array of \(what)", { $0.array }) else { return nil }
        var elements: [Element] = []
        for (index, value) in array.map(\.tomlValue).enumerated() {
            guard let element = read(value) else { throw error(name, problem(value), element: index) }
            elements.append(element)
        }
        return elements
    }

    /// The value of `name` as `read` takes it, if written; else an error that it must be `what`.
    private func value<V>(_ name: String, as what: String, _ read: (TOMLValue) -> V?) throws(ConfigError) -> V? {
        guard let value = table[name]?.tomlValue else { return nil }
        guard let read = read(value) else { throw error(name, "must be \(what), found \(Self.found(value))") }
        return read
    }

    /// `text` as a TOML basic string, `"…"`, its quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        "\"" + text.unicodeScalars.map { $0 == "'" ? "'" : $0.escaped(asASCII: false) }.joined() + "\""
    }

    /// `a string ("many")`, `a float (1.5)`, `a table`: a value found where another was expected.
    static func found(_ value: TOMLValue) -> String {
        let kind: String
        var text = value.debugDescription
        switch value.type {
        case .table: return "a table"
        case .string: (kind, text) = ("a string", quoted(value.string!))
        case .int: kind = "an integer"
        case .double: (kind, text) = ("a float", "\(value.double!)")
        case .bool: kind = "a boolean"
        case .date: kind = "a date"
        case .time: kind = "a time"
        case .dateTime: kind = value.dateTime!.offset == nil ? "a local date-time" : "a date-time"
        case .array: kind = "an array"
        }
        if text.count > 60 { text = String(text.prefix(60)) + "…" }
        return "\(kind) (\(text))"
    }

    /// Whether `typed` is probably a misspelling of `known`: one edit apart (a letter added,
    /// dropped, changed or two swapped), or two for keys longer than 6.
    static func isNear(_ typed: String, _ known: String) -> Bool {
        let a = Array(typed.unicodeScalars)
        let b = Array(known.unicodeScalars)
        guard !a.isEmpty, !b.isEmpty, a.count <= 64, abs(a.count - b.count) <= 2 else { return false }
        var before = [Int]()
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i]
            for j in 1...b.count {
                var distance = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, before[j - 2] + 1)
                }
                row.append(distance)
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count] <= (b.count > 6 ? 2 : 1)
    }
}

extension ConfigTable {
    /// The document's root table.
    init(_ document: ConfigDocument) {
        self.init(table: document.root, path: [], file: document.file, outline: document.outline)
    }
}
