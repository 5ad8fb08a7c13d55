/// A TOML array: its elements in order, each with the position it was written at.
///
/// Two arrays are equal when their elements are, wherever they were written.
public struct TOMLArray: Sendable, Equatable, RandomAccessCollection {
    /// The elements.
    public private(set) var elements: [TOMLValue] = []
    /// Where each element was written, index for index.
    public private(set) var positions: [TOMLPosition] = []
    /// Where the array was defined: its `[`, or its first `[[header]]` for an array of tables.
    public var position: TOMLPosition

    /// An empty array defined at `position`.
    public init(position: TOMLPosition = .start) {
        self.position = position
    }

    /// An array of `elements`, all said to be written at `position`.
    public init(_ elements: [TOMLValue], position: TOMLPosition = .start) {
        self.elements = elements
        self.positions = Array(repeating: position, count: elements.count)
        self.position = position
    }

    /// Appends `value`, written at `position`.
    public mutating func append(_ value: TOMLValue, at position: TOMLPosition = .start) {
        elements.append(value)
        positions.append(position)
    }

    /// The index of the first element.
    public var startIndex: Int { elements.startIndex }
    /// The index past the last element.
    public var endIndex: Int { elements.endIndex }
    /// The element at `index`.
    public subscript(index: Int) -> TOMLValue { elements[index] }

    /// Equal elements, in order.
    public static func == (lhs: TOMLArray, rhs: TOMLArray) -> Bool {
        lhs.elements == rhs.elements
    }
}
