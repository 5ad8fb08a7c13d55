/// Checks that bytes are well-formed UTF-8 (RFC 3629): no overlong forms, no surrogates,
/// nothing above U+10FFFF.
enum UTF8Validation {
    /// The offset of the first byte that does not start a well-formed sequence, or `nil`.
    static func firstInvalidOffset(in bytes: [UInt8]) -> Int? {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var second: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                second = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                second = 0x80...0x9F
            case 0xF0:
                length = 4
                second = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                second = 0x80...0x8F
            default: return index
            }
            guard index + length <= bytes.count, second.contains(bytes[index + 1]) else { return index }
            for next in bytes[(index + 2)..<(index + length)] where next & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
