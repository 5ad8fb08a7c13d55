extension JSONValue {
    /// How a window's value reads in human output (winctl's lines, the terminal view): a string
    /// bare when it is one plain word (so `awk` can split a line), anything else as a JSON
    /// literal, `nil` for `null`.
    public var word: String? {
        switch self {
        case .null:
            return nil
        case .string(let text):
            let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
                scalar.value > 0x20 && scalar.value != 0x7F && scalar != "\"" && scalar != "\\"
            }
            return plain ? text : jsonText
        default:
            return jsonText
        }
    }
}
