package import WindowProtocol

/// How a window reads in winctl's human output: `id group [value]`.
package enum ValueText {
    /// The value as a single word, or `nil` for `null` (``JSONValue/word``, as the terminal view).
    package static func word(_ value: JSONValue) -> String? {
        value.word
    }

    /// `text` with its control characters escaped as ``word(_:)`` escapes them in a value
    /// (`\u001b`, `\u0007`, `\r`): for text a client chose inside a message or a line.
    package static func escaped(_ text: String, keepingLineFeeds: Bool = false) -> String {
        JSONValue.escapingControls(text, keepingLineFeeds: keepingLineFeeds)
    }

    /// An argv as one line of a message: each argument a ``word(_:)`` (`winctl attach "two words"`).
    package static func command(_ argv: [String]) -> String {
        argv.map { JSONValue.string($0).word ?? "" }.joined(separator: " ")
    }

    /// `id group [value]`: a window in one line.
    package static func window(_ window: WindowInfo) -> String {
        [window.id, window.group, window.value.word].compactMap { $0 }.joined(separator: " ")
    }
}
