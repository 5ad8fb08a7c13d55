import WindowProtocol

/// How a window's value reads in human output: `42`, `order-17`, `"two words"`, nothing for `null`.
///
/// The same rule as the terminal view's `WindowLabel.value` (WindowTerminal), written out here
/// because the one-shot winctl does not link the terminal code (it links NIO);
/// `WinctlOutputTests` holds the two to the same answers.
package enum ValueText {
    /// The value as a single word, or `nil` for `null`: a string bare when it is one plain
    /// word (so `awk` can split the line), else a JSON literal — the same as the terminal view.
    package static func word(_ value: JSONValue) -> String? {
        switch value {
        case .null:
            return nil
        case .string(let text):
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "\\"
            }
            return plain ? text : value.jsonText
        default:
            return value.jsonText
        }
    }

    /// `id group [value]`: a window in one line.
    package static func window(_ window: WindowInfo) -> String {
        [window.id, window.group, word(window.value)].compactMap { $0 }.joined(separator: " ")
    }
}
