/// Where keys and headers put things, and the rules against defining anything twice.
extension TOMLParser {
    /// Puts `value` at the dotted `key` inside `table` (named `path`), making the tables
    /// between as dotted-key tables of the current section.
    mutating func insert(_ key: [KeyPart], _ value: TOMLValue, into table: TableNode, path: [String]) throws(TOMLError)
    {
        var node = table
        var name = path
        for part in key.dropLast() {
            name.append(part.name)
            switch node[part.name] {
            case nil:
                let child = try makeTable(.dotted(section: section), at: part.position, depth: node.depth + 1)
                node.add(part.name, .table(child))
                node = child
            case .table(let child):
                switch child.definition {
                case .dotted(let made) where made == section:
                    node = child
                case .implicit:
                    child.definition = .dotted(section: section)
                    child.position = part.position
                    node = child
                case .header:
                    throw error(
                        "cannot add to the table \(TOMLKey.dotted(name)) with a dotted key: it was defined by its header at line \(child.position.line)",
                        at: part.position
                    )
                case .dotted:
                    throw error(
                        "cannot add to the table \(TOMLKey.dotted(name)) here: it was defined by dotted keys under another header, at line \(child.position.line)",
                        at: part.position
                    )
                }
            case .tables(let array):
                throw error(
                    "cannot add to \(TOMLKey.dotted(name)) with a dotted key: it is an array of tables, defined at line \(array.position.line)",
                    at: part.position
                )
            case .value(let existing, let position):
                throw error(
                    "cannot add to \(TOMLKey.dotted(name)) with a dotted key: it is already \(Self.fixedKind(existing)), defined at line \(position.line)",
                    at: part.position
                )
            }
        }
        let last = key[key.count - 1]
        name.append(last.name)
        if let existing = node[last.name] {
            throw error(
                "\(TOMLKey.dotted(name)) is defined twice; it was first defined at line \(Self.line(of: existing))",
                at: last.position
            )
        }
        node.add(last.name, .value(value, last.position))
    }

    /// `[key]`: the table it defines.
    mutating func defineTable(_ key: [KeyPart], at position: TOMLPosition) throws(TOMLError) -> TableNode {
        let (parent, name) = try parentTable(of: key)
        let last = key[key.count - 1]
        switch parent[last.name] {
        case nil:
            let table = try makeTable(.header, at: position, depth: parent.depth + 1)
            parent.add(last.name, .table(table))
            return table
        case .table(let table):
            switch table.definition {
            case .implicit:
                table.definition = .header
                table.position = position
                return table
            case .header:
                throw error(
                    "the table [\(TOMLKey.dotted(name))] is defined twice; it was first defined at line \(table.position.line)",
                    at: position
                )
            case .dotted:
                throw error(
                    "the table [\(TOMLKey.dotted(name))] was already defined by dotted keys at line \(table.position.line)",
                    at: position
                )
            }
        case .tables(let array):
            throw error(
                "\(TOMLKey.dotted(name)) is an array of tables (line \(array.position.line)); write [[\(TOMLKey.dotted(name))]] to add a table to it",
                at: position
            )
        case .value(let existing, let at):
            throw error(
                "\(TOMLKey.dotted(name)) is already \(Self.fixedKind(existing)), defined at line \(at.line)",
                at: position
            )
        }
    }

    /// `[[key]]`: the new table it appends.
    mutating func appendTable(_ key: [KeyPart], at position: TOMLPosition) throws(TOMLError) -> TableNode {
        let (parent, name) = try parentTable(of: key)
        let last = key[key.count - 1]
        let array: TableNode.ArrayOfTables
        switch parent[last.name] {
        case nil:
            array = TableNode.ArrayOfTables(position: position)
            parent.add(last.name, .tables(array))
        case .tables(let existing):
            array = existing
        case .table(let table):
            throw error(
                "\(TOMLKey.dotted(name)) is a table (line \(table.position.line)), not an array of tables",
                at: position
            )
        case .value(let existing, let at):
            throw error(
                "\(TOMLKey.dotted(name)) is already \(Self.fixedKind(existing)), defined at line \(at.line); [[\(TOMLKey.dotted(name))]] can only add to an array of tables",
                at: position
            )
        }
        let table = try makeTable(.header, at: position, depth: parent.depth + 2)
        array.tables.append(table)
        return table
    }

    /// The table a header's last key goes into: each key before it names a table (made if
    /// missing) or an array of tables (its last table).
    private mutating func parentTable(of key: [KeyPart]) throws(TOMLError) -> (TableNode, [String]) {
        var node = root
        var name: [String] = []
        for part in key {
            name.append(part.name)
            guard name.count < key.count else { break }
            switch node[part.name] {
            case nil:
                let child = try makeTable(.implicit, at: part.position, depth: node.depth + 1)
                node.add(part.name, .table(child))
                node = child
            case .table(let child):
                node = child
            case .tables(let array):
                node = array.tables[array.tables.count - 1]
            case .value(let existing, let at):
                throw error(
                    "\(TOMLKey.dotted(name)) is already \(Self.fixedKind(existing)), defined at line \(at.line), so it cannot hold a table",
                    at: part.position
                )
            }
        }
        return (node, name)
    }

    private func makeTable(
        _ definition: TableNode.Definition,
        at position: TOMLPosition,
        depth: Int
    ) throws(TOMLError) -> TableNode {
        guard depth <= Self.maximumDepth else {
            throw error("tables and arrays nest more than \(Self.maximumDepth) deep", at: position)
        }
        return TableNode(definition: definition, position: position, depth: depth)
    }

    /// A value that nothing can be added to, in words: an inline table is not just "a table".
    private static func fixedKind(_ value: TOMLValue) -> String {
        if case .table = value { return "an inline table" }
        return value.kindDescription
    }

    private static func line(of child: TableNode.Child) -> Int {
        switch child {
        case .value(_, let position): return position.line
        case .table(let table): return table.position.line
        case .tables(let array): return array.position.line
        }
    }
}
