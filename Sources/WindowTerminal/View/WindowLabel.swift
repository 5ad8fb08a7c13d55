import WindowProtocol

/// How a window and its value read on screen: `detail 42`, `notes "two words"`, `main`.
public enum WindowLabel {
    /// The value as one word: a plain string bare, any other string as a JSON literal, `nil` for `null`.
    public static func value(_ value: JSONValue) -> String? {
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

    /// `group value`, or the group alone for a window without a value.
    public static func label(_ window: WindowInfo) -> String {
        [window.group, value(window.value)].compactMap { $0 }.joined(separator: " ")
    }
}
