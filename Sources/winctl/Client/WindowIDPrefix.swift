import WindowProtocol

/// Window ids as people type them: a whole UUID, or the start of one (as with git and docker).
enum WindowIDPrefix {
    /// Which windows an id prefix names.
    enum Match: Equatable {
        /// Exactly this one.
        case one(WindowInfo)
        /// None.
        case none
        /// More than one: the candidates, in the order given.
        case several([WindowInfo])
    }

    /// The windows among `windows` whose id starts with `prefix` (case-insensitive).
    static func match(_ prefix: String, among windows: [WindowInfo]) -> Match {
        let wanted = prefix.lowercased()
        let found = windows.filter { $0.id.lowercased().hasPrefix(wanted) }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .several(found)
        }
    }

    /// Whether `text` is a whole UUID: 8-4-4-4-12 hex digits.
    static func isWhole(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if [8, 13, 18, 23].contains(index) {
                guard byte == UInt8(ascii: "-") else { return false }
            } else {
                guard isHexDigit(byte) else { return false }
            }
        }
        return true
    }

    /// Whether `text` could start a window id: hex digits and dashes only, at least one digit.
    static func couldStart(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count <= 36, bytes.contains(where: isHexDigit) else { return false }
        return bytes.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20)
    }
}
