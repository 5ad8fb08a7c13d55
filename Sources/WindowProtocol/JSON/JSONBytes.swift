/// Compact JSON being written into a byte array: strings escaped, integers in decimal, parsed
/// values exactly (numbers as their text). ``JSONWriter`` writes `Encodable` values with it,
/// and ``JSONWritable`` types write themselves with it directly.
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
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
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
        bytes.append(UInt8(ascii: "\""))
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
