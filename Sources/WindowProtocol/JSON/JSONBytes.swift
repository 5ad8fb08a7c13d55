/// Compact JSON being written into a byte array: strings escaped, integers in decimal, parsed
/// values exactly (numbers as their text). ``JSONWriter`` writes `Encodable` values with it.
package struct JSONBytes: Sendable {
    /// The bytes written so far.
    package internal(set) var bytes: [UInt8] = []

    /// An empty output with room for `capacity` bytes.
    package init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// Makes room for `count` more bytes.
    mutating func reserve(_ count: Int) {
        bytes.reserveCapacity(bytes.count + count)
    }

    /// Appends `text` as it is: punctuation, member names, literals known to need no escaping.
    package mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte.
    package mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends `text` as it is (no quotes, no escaping).
    package mutating func writeRaw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `text` as a JSON string: quoted, with `"`, `\` and control characters escaped.
    package mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0) }) == nil {
            var text = text
            text.withUTF8 { appendEscaped($0) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `utf8` escaped as in a JSON string; the runs between escapes are copied whole.
    private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while let index = Self.firstEscaped(in: utf8, from: start) {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            let byte = utf8[index]
            bytes.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "t"))
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [
                    UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)],
                    hex[Int(byte & 0xF)],
                ])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }

    /// The index of the first byte from `start` on that a JSON string escapes (`"`, `\`, a
    /// control character), or `nil`. Eight bytes at a time while none of them can be one: the
    /// strings of a reply (ids, names, times) mostly have none, and a byte at a time cost ten
    /// instructions a byte.
    private static func firstEscaped(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        if let base = utf8.baseAddress {
            while index + 8 <= utf8.count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if mayHoldEscaped(word) { break }
                index += 8
            }
        }
        while index < utf8.count {
            let byte = utf8[index]
            if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return index }
            index += 1
        }
        return nil
    }

    /// Whether one of the eight bytes of `word` is below 0x20, `"` or `\` (never `false` when one
    /// is): a byte under n shows as the high bit of `(byte - n) & ~byte`, borrows aside.
    private static func mayHoldEscaped(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func hasByteBelow(_ limit: UInt8, _ word: UInt64) -> Bool {
            (word &- ones &* UInt64(limit)) & ~word & highBits != 0
        }
        let quotes = ones &* UInt64(UInt8(ascii: "\""))
        let backslashes = ones &* UInt64(UInt8(ascii: "\\"))
        // A byte equal to c is a zero byte of `word ^ c`, one below 1.
        return hasByteBelow(0x20, word) || hasByteBelow(1, word ^ quotes) || hasByteBelow(1, word ^ backslashes)
    }

    /// Appends `value` in decimal.
    package mutating func writeInteger(_ value: some BinaryInteger) {
        if value == 0 {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits, written in reverse
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Appends a finite `value`; infinities and NaN have no JSON form.
    package mutating func writeDouble(_ value: Double) throws(JSONWriter.Failure) {
        guard value.isFinite else { throw JSONWriter.Failure(description: "\(value) has no JSON form") }
        bytes.append(contentsOf: value.description.utf8)
    }

    /// Appends `true` or `false`.
    package mutating func writeBool(_ value: Bool) {
        value ? append("true") : append("false")
    }

    /// Appends a parsed JSON value, exactly (numbers as their text).
    package mutating func write(_ value: JSONValue) {
        switch value {
        case .null: append("null")
        case .bool(let flag): writeBool(flag)
        case .int(let number): writeInteger(number)
        case .double(let number): number.isFinite ? writeRaw(number.description) : append("null")
        case .number(let text): writeRaw(text)
        case .string(let text): writeString(text)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            var first = true
            for (key, member) in members {
                if !first { bytes.append(UInt8(ascii: ",")) }
                first = false
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                write(member)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Appends a request id exactly as it was sent, or `null` when it could not be read.
    package mutating func write(_ id: RequestID?) {
        switch id {
        case nil: append("null")
        case .number(let number)?: writeInteger(number)
        case .string(let text)?: writeString(text)
        case .numberText(let text)?: writeRaw(text)
        }
    }
}
