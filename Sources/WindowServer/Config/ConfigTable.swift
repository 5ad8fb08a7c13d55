/// One table of the config while it is decoded: reads keys by name and type, and names the
/// file, the line and the dotted key in every error, with what was expected and what was found.
struct ConfigTable {
    /// The table as parsed.
    let table: TOMLTable
    /// Its dotted name: `[]` for the document, `["groups", "main"]` for `[groups.main]`.
    let path: [String]
    /// The file, for errors.
    let file: String

    /// The dotted key of `name` in this table, e.g. `daemon.max_clients`.
    func key(_ name: String) -> String {
        TOMLKey.dotted(path + [name])
    }

    /// An error about `name` (or the table itself), at `position`; `message` follows the key.
    func error(_ name: String?, _ message: String, at position: TOMLPosition?, element: Int? = nil) -> ConfigError {
        let key = name.map(key) ?? TOMLKey.dotted(path)
        let subject = element.map { "\(key)[\($0)]" } ?? key
        return ConfigError(file: file, line: position?.line, key: key, message: "\(subject) \(message)")
    }

    /// Refuses any key but `known`, suggesting the nearest known one.
    func rejectUnknownKeys(
        _ known: [String],
        otherwise advice: String = "check its spelling against windowd.toml(5)"
    ) throws(ConfigError) {
        for entry in table.entries where !known.contains(entry.key) {
            let nearest = known.first { Self.isNear(entry.key, $0) }
            throw error(
                entry.key,
                "is not a known key; " + (nearest.map { "did you mean \($0)?" } ?? advice),
                at: entry.position
            )
        }
    }

    /// The sub-table `name`, if written.
    func table(_ name: String, written: String? = nil) throws(ConfigError) -> ConfigTable? {
        guard let entry = table.entry(name) else { return nil }
        guard case .table(let table) = entry.value else {
            throw error(
                name,
                "must be a table (\(written ?? "[\(key(name))]")), found \(Self.found(entry.value))",
                at: entry.position
            )
        }
        return ConfigTable(table: table, path: path + [name], file: file)
    }

    /// The integer `name`, if written; `unit` names what it counts, `check` returns what is wrong with it.
    func integer(
        _ name: String,
        of unit: String? = nil,
        check: (Int) -> String? = { _ in nil }
    ) throws(ConfigError) -> Int? {
        guard let entry = table.entry(name) else { return nil }
        guard case .integer(let value) = entry.value else {
            throw error(
                name,
                "must be an integer\(unit.map { " number of \($0)" } ?? ""), found \(Self.found(entry.value))",
                at: entry.position
            )
        }
        if let problem = check(Int(value)) { throw error(name, problem, at: entry.position) }
        return Int(value)
    }

    /// The string `name`, if written; `check` says what is wrong with a value, if anything.
    func string(_ name: String, check: (String) -> String? = { _ in nil }) throws(ConfigError) -> String? {
        guard let entry = table.entry(name) else { return nil }
        guard case .string(let value) = entry.value else {
            throw error(name, "must be a string, found \(Self.found(entry.value))", at: entry.position)
        }
        if let problem = check(value) { throw error(name, problem, at: entry.position) }
        return value
    }

    /// The boolean `name`, if written.
    func boolean(_ name: String) throws(ConfigError) -> Bool? {
        guard let entry = table.entry(name) else { return nil }
        guard case .boolean(let value) = entry.value else {
            throw error(name, "must be true or false, found \(Self.found(entry.value))", at: entry.position)
        }
        return value
    }

    /// The one of `Choice`'s values that the string `name` spells, if written.
    func choice<Choice: RawRepresentable & CaseIterable>(_ name: String) throws(ConfigError) -> Choice?
    where Choice.RawValue == String {
        guard let entry = table.entry(name) else { return nil }
        guard case .string(let value) = entry.value, let choice = Choice(rawValue: value) else {
            let names = Choice.allCases.map { TOMLValue.string($0.rawValue).tomlText }
            let list =
                names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
            throw error(
                name,
                "must be \(names.count > 1 ? "one of " : "")\(list), found \(Self.found(entry.value))",
                at: entry.position
            )
        }
        return choice
    }

    /// The array of strings `name`, if written.
    func strings(_ name: String) throws(ConfigError) -> [String]? {
        try array(name, of: "strings") { value in
            guard case .string(let string) = value else {
                return .failure(.init("must be a string, found \(Self.found(value))"))
            }
            return .success(string)
        }
    }

    /// The array of user ids `name`, if written.
    func userIDs(_ name: String) throws(ConfigError) -> [UInt32]? {
        try array(name, of: "user ids (integers)") { value in
            guard case .integer(let integer) = value else {
                return .failure(.init("must be a user id (an integer), found \(Self.found(value))"))
            }
            guard let uid = UInt32(exactly: integer) else {
                return .failure(.init("must be a user id, 0 to \(UInt32.max), not \(integer)"))
            }
            return .success(uid)
        }
    }

    /// What is wrong with an element of an array, after its key and index.
    struct ElementProblem: Error {
        let message: String

        init(_ message: String) {
            self.message = message
        }
    }

    private func array<Element>(
        _ name: String,
        of what: String,
        element read: (TOMLValue) -> Result<Element, ElementProblem>
    ) throws(ConfigError) -> [Element]? {
        guard let entry = table.entry(name) else { return nil }
        guard case .array(let array) = entry.value else {
            throw error(name, "must be an array of \(what), found \(Self.found(entry.value))", at: entry.position)
        }
        var elements: [Element] = []
        for (index, value) in array.enumerated() {
            switch read(value) {
            case .success(let element): elements.append(element)
            case .failure(let problem): throw error(name, problem.message, at: array.positions[index], element: index)
            }
        }
        return elements
    }

    /// `a string ("many")`, `a float (1.5)`, `a table`: a value found where another was expected.
    static func found(_ value: TOMLValue) -> String {
        if case .table = value { return value.kindDescription }
        var text = value.tomlText
        if text.count > 60 { text = String(text.prefix(60)) + "…" }
        return "\(value.kindDescription) (\(text))"
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
