/// A TOML table: its keys in the order they were written, each with its value and position.
///
/// Two tables are equal when they hold the same keys with equal values, in any order and
/// wherever they were written.
package struct TOMLTable: Sendable, Equatable {
    /// One key of a table.
    package struct Entry: Sendable {
        /// The key, unquoted and unescaped.
        package var key: String
        /// Its value.
        package var value: TOMLValue
        /// Where the key was written; for a table, where it was defined (its `[header]`).
        package var position: TOMLPosition
    }

    /// The keys with their values, in the order they were first written.
    package private(set) var entries: [Entry] = []
    private var indices: [String: Int] = [:]
    /// Where the table was defined: its header, its first dotted key, its `{`; 1:1 for a document.
    package var position: TOMLPosition

    /// An empty table defined at `position`.
    package init(position: TOMLPosition = .start) {
        self.position = position
    }

    /// The value of `key`, if the table has it.
    package subscript(key: String) -> TOMLValue? {
        indices[key].map { entries[$0].value }
    }

    /// The entry of `key`, with its position, if the table has it.
    package func entry(_ key: String) -> Entry? {
        indices[key].map { entries[$0] }
    }

    /// The keys, in the order they were first written.
    package var keys: [String] { entries.map(\.key) }

    /// How many keys the table has.
    package var count: Int { entries.count }

    /// Whether the table has no key.
    package var isEmpty: Bool { entries.isEmpty }

    /// Sets `key` to `value` written at `position`; a key already there keeps its place.
    package mutating func set(_ key: String, _ value: TOMLValue, at position: TOMLPosition = .start) {
        let entry = Entry(key: key, value: value, position: position)
        if let index = indices[key] {
            entries[index] = entry
        } else {
            indices[key] = entries.count
            entries.append(entry)
        }
    }

    /// Same keys, equal values.
    package static func == (lhs: TOMLTable, rhs: TOMLTable) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.key] == $0.value }
    }
}
