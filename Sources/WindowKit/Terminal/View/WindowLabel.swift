public import WindowProtocol

/// How a window and its value read on screen: `detail 42`, `notes "two words"`, `main`.
public enum WindowLabel {
    /// The value as one word: a plain string bare, any other string as a JSON literal, `nil` for `null`.
    public static func value(_ value: JSONValue) -> String? {
        value.word
    }

    /// `group value`, or the group alone for a window without a value.
    public static func label(_ window: WindowInfo) -> String {
        [window.group, value(window.value)].compactMap { $0 }.joined(separator: " ")
    }
}
