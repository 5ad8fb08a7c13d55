/// The exact value of a JSON number's text, read without rounding through `Double`:
/// `9007199254740993.0` is the integer 9007199254740993, `4.2e1` is 42, `42.5` is no integer.
package struct JSONNumberText: Sendable, Equatable {
    /// Whether the number is below zero.
    package let negative: Bool
    /// The significant decimal digits, without leading or trailing zeros (empty for zero).
    package let digits: [UInt8]
    /// The power of ten the digits are scaled by.
    package let exponent: Int

    /// Reads `text`, which must be a JSON number (RFC 8259 section 6); `nil` otherwise.
    package init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let integral = bytes.prefix { Self.isDigit($0) }
        guard !integral.isEmpty, integral.count == 1 || integral.first != UInt8(ascii: "0") else { return nil }
        bytes = bytes.dropFirst(integral.count)
        var fraction: ArraySlice<UInt8> = []
        if bytes.first == UInt8(ascii: ".") {
            fraction = bytes.dropFirst().prefix { Self.isDigit($0) }
            guard !fraction.isEmpty else { return nil }
            bytes = bytes.dropFirst(1 + fraction.count)
        }
        var scale = 0
        if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            let negativeScale = bytes.first == UInt8(ascii: "-")
            if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
            let scaleDigits = bytes.prefix { Self.isDigit($0) }
            guard !scaleDigits.isEmpty else { return nil }
            bytes = bytes.dropFirst(scaleDigits.count)
            // Past a million digits of scale the value is out of every range anyway.
            for digit in scaleDigits where scale < 1_000_000 { scale = scale * 10 + Int(digit - UInt8(ascii: "0")) }
            if negativeScale { scale = -scale }
        }
        guard bytes.isEmpty else { return nil }
        var all = Array(integral) + Array(fraction)
        scale -= fraction.count
        while all.first == UInt8(ascii: "0") { all.removeFirst() }
        while all.last == UInt8(ascii: "0") {
            all.removeLast()
            scale += 1
        }
        digits = all
        exponent = all.isEmpty ? 0 : scale
    }

    /// The number as an `Int64` if it is a whole number in range; `nil` otherwise.
    package func integer() -> Int64? {
        guard exponent >= 0, digits.count + exponent <= 19 else { return digits.isEmpty ? 0 : nil }
        var magnitude: UInt64 = 0
        for digit in digits + Array(repeating: UInt8(ascii: "0"), count: exponent) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if negative {
            return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil
        }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
