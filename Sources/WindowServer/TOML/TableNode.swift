/// A table while its document is parsed: its children, and how it came to be, so that the
/// redefinition rules of TOML 1.0 can be checked. Frozen into a ``TOMLTable`` at the end.
///
/// A class, so that a header deep in the document adds to its table in place (no copy of the
/// tables above it: parsing stays linear).
final class TableNode {
    /// How a table came to be; what may still be done to it follows from this.
    enum Definition: Equatable {
        /// Named as a parent in a header (`a` of `[a.b]`): a `[a]` header may still define it.
        case implicit
        /// Defined by its own `[header]` or `[[header]]`: never again by a header or a dotted key.
        case header
        /// Made by dotted keys (`a.b = 1`) after the header numbered `section`: only dotted keys
        /// under that same header may add to it; a header may define sub-tables inside it.
        case dotted(section: Int)
    }

    /// What a key of a table holds.
    enum Child {
        /// A value fixed once written: a scalar, an array written with `[ ]`, an inline table.
        case value(TOMLValue, TOMLPosition)
        /// A table that headers or dotted keys may still add to.
        case table(TableNode)
        /// An array of tables, which each `[[header]]` extends.
        case tables(ArrayOfTables)
    }

    /// The tables of `[[name]]`, in order.
    final class ArrayOfTables {
        var tables: [TableNode] = []
        let position: TOMLPosition

        init(position: TOMLPosition) {
            self.position = position
        }
    }

    var definition: Definition
    var position: TOMLPosition
    /// How many tables and arrays enclose this one; bounds the recursion of freezing.
    let depth: Int
    private var order: [String] = []
    private var children: [String: Child] = [:]

    init(definition: Definition, position: TOMLPosition, depth: Int) {
        self.definition = definition
        self.position = position
        self.depth = depth
    }

    /// What `key` holds, if anything.
    subscript(key: String) -> Child? { children[key] }

    /// Adds `key`, which must be new.
    func add(_ key: String, _ child: Child) {
        order.append(key)
        children[key] = child
    }

    /// The finished table, as a value.
    func frozen() -> TOMLTable {
        var table = TOMLTable(position: position)
        for key in order {
            switch children[key]! {
            case .value(let value, let position):
                table.set(key, value, at: position)
            case .table(let node):
                table.set(key, .table(node.frozen()), at: node.position)
            case .tables(let array):
                var elements = TOMLArray(position: array.position)
                for node in array.tables { elements.append(.table(node.frozen()), at: node.position) }
                table.set(key, .array(elements), at: array.position)
            }
        }
        return table
    }
}
