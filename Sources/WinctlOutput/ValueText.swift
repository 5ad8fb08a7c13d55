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
    /// An argument longer than 256 characters is cut there and says how long it was, so that a
    /// message stays one readable line.
    package static func command(_ argv: [String]) -> String {
        argv.map { argument in
            let word = JSONValue.string(String(argument.prefix(256))).word ?? ""
            return argument.count > 256 ? word + "…(\(argument.utf8.count) bytes)" : word
        }.joined(separator: " ")
    }

    /// `id group [value]`: a window in one line.
    package static func window(_ window: WindowInfo) -> String {
        [window.id, window.group, window.value.word].compactMap { $0 }.joined(separator: " ")
    }
}

extension ValueText {
    /// `bytes` (a file name, which on Linux need not be UTF-8) as text to print: its valid UTF-8
    /// as it is, each byte that is not as `\xff`, control characters escaped (``escaped(_:keepingLineFeeds:)``).
    package static func bytes(_ bytes: [UInt8]) -> String {
        var text = ""
        var offset = 0
        var parser = Unicode.UTF8.ForwardParser()
        var input = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &input) {
            case .valid(let encoded):
                text.unicodeScalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                // Bytes of 0x80 and above (ASCII is always valid): two hex digits each.
                for byte in bytes[offset..<offset + length] { text += "\\x" + String(byte, radix: 16) }
                offset += length
            case .emptyInput:
                return escaped(text)
            }
        }
    }
}
