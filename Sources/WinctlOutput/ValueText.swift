package import WindowProtocol

/// How a window reads in winctl's human output: `id group [value]`.
package enum ValueText {
    /// The value as a single word, or `nil` for `null` (``JSONValue/word``, as the terminal view).
    package static func word(_ value: JSONValue) -> String? {
        value.word
    }

    /// `id group [value]`: a window in one line.
    package static func window(_ window: WindowInfo) -> String {
        [window.id, window.group, window.value.word].compactMap { $0 }.joined(separator: " ")
    }
}
