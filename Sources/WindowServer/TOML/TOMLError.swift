/// Why a document is not TOML 1.0: where, what, and the key being defined there.
package struct TOMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem is.
    package var position: TOMLPosition
    /// What is wrong, in words, e.g. `expected a value after '=', found the end of the line`.
    package var message: String
    /// The whole dotted key (table names included) being defined where the problem is, if any.
    package var key: [String]?

    /// An error at `position`.
    package init(position: TOMLPosition, message: String, key: [String]? = nil) {
        self.position = position
        self.message = message
        self.key = key
    }

    /// `line:column: message`.
    package var description: String { "\(position): \(message)" }
}
