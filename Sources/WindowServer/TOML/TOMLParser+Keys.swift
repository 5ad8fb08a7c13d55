/// Keys: bare, quoted, dotted.
extension TOMLParser {
    /// One part of a dotted key, and where it was written.
    struct KeyPart {
        let name: String
        let position: TOMLPosition
    }

    /// `a`, `"a b"`, `'a'`, `a . "b" . c`; `expecting` says what is missing if no key is there.
    mutating func keyPath(expecting: String) throws(TOMLError) -> [KeyPart] {
        var parts: [KeyPart] = []
        while true {
            parts.append(try simpleKey(expecting: parts.isEmpty ? expecting : "a key after '.'"))
            skipWhitespace()
            guard peek() == UInt8(ascii: ".") else { return parts }
            index += 1
            skipWhitespace()
        }
    }

    private mutating func simpleKey(expecting: String) throws(TOMLError) -> KeyPart {
        let position = position()
        switch peek() {
        case UInt8(ascii: "\""):
            if peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try basicString(), position: position)
        case UInt8(ascii: "'"):
            if peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
                throw error("a key cannot be a multi-line string")
            }
            return KeyPart(name: try literalString(), position: position)
        case let byte? where TOMLKey.isBareKeyByte(byte):
            let start = index
            while let next = peek(), TOMLKey.isBareKeyByte(next) { index += 1 }
            return KeyPart(name: String(decoding: bytes[start..<index], as: UTF8.self), position: position)
        default:
            var hint = ""
            if let byte = peek(), byte >= 0x80 || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "/") {
                hint = "; a key with other characters than A-Z a-z 0-9 _ - needs quotes"
            }
            throw error("expected \(expecting), found \(found())\(hint)")
        }
    }
}
