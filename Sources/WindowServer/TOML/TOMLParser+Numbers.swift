/// Integers and floats, and telling them from dates and times (all start with a digit).
extension TOMLParser {
    /// A number, date or time: the bytes up to the next separator, read as whichever fits.
    mutating func numberOrDateTime() throws(TOMLError) -> TOMLValue {
        let start = index
        let position = position()
        while let byte = peek(), Self.isNumberByte(byte) { index += 1 }
        // `1979-05-27 07:32:00`: a space may part the date from the time.
        if index - start == 10, peek() == 0x20, Self.isDigit(peek(1)), Self.looksLikeDate(bytes[start..<index]) {
            index += 1
            while let byte = peek(), Self.isNumberByte(byte) { index += 1 }
        }
        let token = bytes[start..<index]
        if Self.looksLikeDate(token) || Self.looksLikeTime(token) {
            return try dateTime(token, at: position)
        }
        return try number(token, at: position)
    }

    private func number(_ token: ArraySlice<UInt8>, at position: TOMLPosition) throws(TOMLError) -> TOMLValue {
        let shown = Self.shown(token)
        func invalid(_ why: String) -> TOMLError {
            error("\(shown) is not a valid number: \(why)", at: position)
        }
        var at = token.startIndex
        let signed = token[at] == UInt8(ascii: "+") || token[at] == UInt8(ascii: "-")
        let negative = token[at] == UInt8(ascii: "-")
        if signed { at += 1 }
        let body = token[at...]
        if body.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
        if body.elementsEqual("nan".utf8) { return .float(negative ? -.nan : .nan) }

        if body.count >= 2, body.first == UInt8(ascii: "0"), case let (radix, name)? = Self.radixes[body[at + 1]] {
            if signed { throw invalid("\(name) integer cannot have a sign") }
            let (digits, end) = try digitRun(token, from: at + 2, radix: radix, invalid: invalid)
            guard end == token.endIndex else { throw invalid("\(found(at: end, in: token)) is not \(name) digit") }
            guard let magnitude = Self.magnitude(digits, radix: radix), magnitude <= UInt64(Int64.max) else {
                throw invalid("it is larger than the largest 64-bit integer, 9223372036854775807")
            }
            return .integer(Int64(magnitude))
        }

        let (whole, afterWhole) = try digitRun(token, from: at, radix: 10, invalid: invalid)
        if whole.count > 1, whole.first == 0 { throw invalid("leading zeros are not allowed") }
        var end = afterWhole
        var isFloat = false
        if end < token.endIndex, token[end] == UInt8(ascii: ".") {
            (_, end) = try digitRun(token, from: end + 1, radix: 10, invalid: invalid)
            isFloat = true
        }
        if end < token.endIndex, token[end] == UInt8(ascii: "e") || token[end] == UInt8(ascii: "E") {
            end += 1
            if end < token.endIndex, token[end] == UInt8(ascii: "+") || token[end] == UInt8(ascii: "-") { end += 1 }
            (_, end) = try digitRun(token, from: end, radix: 10, invalid: invalid)
            isFloat = true
        }
        guard end == token.endIndex else {
            throw invalid("\(found(at: end, in: token)) cannot stand there")
        }
        if isFloat {
            let text = String(decoding: token.lazy.filter { $0 != UInt8(ascii: "_") }, as: UTF8.self)
            guard let value = Double(text), value.isFinite else {
                throw invalid("it is beyond the range of a 64-bit float")
            }
            return .float(value)
        }
        guard let magnitude = Self.magnitude(whole, radix: 10),
            magnitude <= (negative ? UInt64(1) << 63 : UInt64(Int64.max))
        else {
            throw invalid("it is beyond the range of a 64-bit integer, -9223372036854775808 to 9223372036854775807")
        }
        return .integer(negative ? Int64(bitPattern: 0 &- magnitude) : Int64(magnitude))
    }

    /// Digits in `radix`, with single underscores between them; their values and where they end.
    private func digitRun(
        _ token: ArraySlice<UInt8>,
        from start: Int,
        radix: UInt8,
        invalid: (String) -> TOMLError
    ) throws(TOMLError) -> ([UInt8], Int) {
        var digits: [UInt8] = []
        var at = start
        while at < token.endIndex {
            let byte = token[at]
            if let digit = Self.hexValue(byte), digit < radix {
                digits.append(digit)
            } else if byte == UInt8(ascii: "_") {
                guard !digits.isEmpty, at + 1 < token.endIndex, let next = Self.hexValue(token[at + 1]), next < radix
                else {
                    throw invalid("an underscore must stand between two digits")
                }
            } else {
                break
            }
            at += 1
        }
        if digits.isEmpty {
            throw invalid(
                at < token.endIndex
                    ? "expected a digit, found \(found(at: at, in: token))" : "a digit is missing at its end"
            )
        }
        return (digits, at)
    }

    /// The value of `digits`, or `nil` past 64 bits.
    private static func magnitude(_ digits: [UInt8], radix: UInt8) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            let (shifted, overflow) = value.multipliedReportingOverflow(by: UInt64(radix))
            let (sum, carry) = shifted.addingReportingOverflow(UInt64(digit))
            if overflow || carry { return nil }
            value = sum
        }
        return value
    }

    private static let radixes: [UInt8: (UInt8, String)] = [
        UInt8(ascii: "x"): (16, "a hexadecimal"), UInt8(ascii: "o"): (8, "an octal"),
        UInt8(ascii: "b"): (2, "a binary"),
    ]

    /// `'x'` for the byte at `offset` of `token`.
    private func found(at offset: Int, in token: ArraySlice<UInt8>) -> String {
        offset < token.endIndex ? found(at: offset) : "the end"
    }

    /// A token for a message, cut if long.
    static func shown(_ token: ArraySlice<UInt8>) -> String {
        let text = String(decoding: token.prefix(40), as: UTF8.self)
        return token.count > 40 ? text + "…" : text
    }

    /// The bytes a number, date or time may hold.
    static func isNumberByte(_ byte: UInt8) -> Bool {
        TOMLKey.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: ":")
    }

    /// `YYYY-`…
    static func looksLikeDate(_ token: ArraySlice<UInt8>) -> Bool {
        token.count >= 5 && token.prefix(4).allSatisfy { isDigit($0) }
            && token[token.startIndex + 4] == UInt8(ascii: "-")
    }

    /// `HH:`…
    static func looksLikeTime(_ token: ArraySlice<UInt8>) -> Bool {
        token.count >= 3 && token.prefix(2).allSatisfy { isDigit($0) }
            && token[token.startIndex + 2] == UInt8(ascii: ":")
    }
}
