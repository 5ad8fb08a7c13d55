import WindowProtocol
import WindowTerminal

/// How a window's value reads in human output: `42`, `order-17`, `"two words"`, nothing for `null`.
enum ValueText {
    /// The value as a single word, or `nil` for `null`: a string bare when it is one plain
    /// word (so `awk` can split the line), else a JSON literal — the same as the terminal view.
    static func word(_ value: JSONValue) -> String? {
        WindowLabel.value(value)
    }

    /// `id group [value]`: a window in one line.
    static func window(_ window: WindowInfo) -> String {
        [window.id, window.group, word(window.value)].compactMap { $0 }.joined(separator: " ")
    }
}
