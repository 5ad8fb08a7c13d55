/// A TOML array: its elements in order, each with the position it was written at.
///
/// Two arrays are equal when their elements are, wherever they were written.
package struct TOMLArray: Sendable, Equatable, RandomAccessCollection {
    /// The elements.
    package private(set) var elements: [TOMLValue] = []
    /// Where each element was written, index for index.
    package private(set) var positions: [TOMLPosition] = []
    /// Where the array was defined: its `[`, or its first `[[header]]` for an array of tables.
    package var position: TOMLPosition

    /// An empty array defined at `position`.
    package init(position: TOMLPosition = .start) {
        self.position = position
    }

    /// An array of `elements`, all said to be written at `position`.
    package init(_ elements: [TOMLValue], position: TOMLPosition = .start) {
        self.elements = elements
        self.positions = Array(repeating: position, count: elements.count)
        self.position = position
    }

    /// Appends `value`, written at `position`.
    package mutating func append(_ value: TOMLValue, at position: TOMLPosition = .start) {
        elements.append(value)
        positions.append(position)
    }

    /// The index of the first element.
    package var startIndex: Int { elements.startIndex }
    /// The index past the last element.
    package var endIndex: Int { elements.endIndex }
    /// The element at `index`.
    package subscript(index: Int) -> TOMLValue { elements[index] }

    /// Equal elements, in order.
    package static func == (lhs: TOMLArray, rhs: TOMLArray) -> Bool {
        lhs.elements == rhs.elements
    }
}
