/// Where something stands in a TOML document: a line and a column, both from 1.
///
/// The column counts Unicode scalars from the start of the line, so a tab or an `é` is one column.
package struct TOMLPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column, from 1, in Unicode scalars.
    package var column: Int

    /// The position at `line` and `column` (both from 1).
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a document.
    package static let start = TOMLPosition(line: 1, column: 1)

    /// Earlier in the document.
    package static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as compilers and editors write it.
    package var description: String { "\(line):\(column)" }
}
