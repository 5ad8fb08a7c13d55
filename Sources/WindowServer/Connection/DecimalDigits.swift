import NIOCore

/// An unsigned number in decimal, written straight into a buffer (no `String` on the way).
enum DecimalDigits {
    /// The number of digits of `value`.
    static func count(_ value: UInt64) -> Int {
        var digits = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            digits += 1
        }
        return digits
    }

    /// Appends `value`'s digits to `buffer`.
    static func write(_ value: UInt64, into buffer: inout ByteBuffer) {
        let digits = count(value)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: digits) { out in
            var rest = value
            for index in stride(from: digits - 1, through: 0, by: -1) {
                out[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
            return digits
        }
    }
}
