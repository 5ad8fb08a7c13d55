/// A window's identity: a UUID in lower case.
package struct WindowID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The lower-case UUID text.
    package let rawValue: String

    /// Parses a UUID (8-4-4-4-12 hexadecimal digits) in any case; `nil` if `text` is not one.
    ///
    /// By hand rather than through `UUID(uuidString:)`, which goes through `sscanf` and
    /// `sprintf`: restoring 100,000 windows spent a tenth of its time there.
    package init?(_ text: String) {
        var text = text
        guard let id = text.withUTF8({ WindowID(utf8: $0) }) else { return nil }
        self = id
    }

    /// Parses a UUID from its UTF-8 bytes (as the store reads them), making one string.
    package init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 36 else { return nil }
        var valid = true
        let text = String(unsafeUninitializedCapacity: 36) { lowered in
            for index in 0..<36 {
                let byte = bytes[index]
                switch index {
                case 8, 13, 18, 23:
                    valid = valid && byte == UInt8(ascii: "-")
                    lowered[index] = byte
                default:
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                        lowered[index] = byte
                    case UInt8(ascii: "A")...UInt8(ascii: "F"): lowered[index] = byte + 0x20
                    default:
                        valid = false
                        lowered[index] = UInt8(ascii: "0")
                    }
                }
            }
            return 36
        }
        guard valid else { return nil }
        rawValue = text
    }

    /// One random id (a version 4 UUID) from the system's generator, a system call each: for
    /// tests and one-offs. The coordinator takes the ids of the windows it opens from the
    /// ``WindowIDSource`` its owner lends it.
    package static func random() -> WindowID {
        var generator = SystemRandomNumberGenerator()
        return WindowID(randomBits: generator.next(), generator.next())
    }

    /// The version 4 UUID made of 128 random bits (6 of them replaced by the version and the
    /// variant), written out as lower-case hexadecimal by hand.
    init(randomBits high: UInt64, _ low: UInt64) {
        // Version 4 in the 7th byte's high nibble, variant 10 in the 9th byte's top bits.
        let versioned = (high & ~0xF000) | 0x4000
        let varied = (low & ~(0xC000 << 48)) | (0x8000 << 48)
        rawValue = String(unsafeUninitializedCapacity: 36) { out in
            let digits: StaticString = "0123456789abcdef"
            var position = 0
            func write(_ value: UInt64, nibbles: Int) {
                for shift in stride(from: (nibbles - 1) * 4, through: 0, by: -4) {
                    if position == 8 || position == 13 || position == 18 || position == 23 {
                        out[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    out[position] = digits.utf8Start[Int((value >> UInt64(shift)) & 0xF)]
                    position += 1
                }
            }
            write(versioned, nibbles: 16)
            write(varied, nibbles: 16)
            return 36
        }
    }

    /// The UUID text, as the wire and the logs show it.
    package var description: String { rawValue }

    /// Hashes the first and last eight hexadecimal digits (64 random bits of a version 4
    /// UUID) rather than all 36 bytes: the registry hashes an id for every request, and
    /// 100,000 times when it restores.
    package func hash(into hasher: inout Hasher) {
        let ends = rawValue.utf8.withContiguousStorageIfAvailable { bytes -> (UInt64, UInt64)? in
            guard bytes.count == 36 else { return nil }
            let raw = UnsafeRawBufferPointer(bytes)
            return (
                raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 28, as: UInt64.self)
            )
        }
        if let (first, last) = ends ?? nil {
            hasher.combine(first)
            hasher.combine(last)
        } else {
            hasher.combine(rawValue)
        }
    }

    /// Equal ids have equal text (always lower case).
    package static func == (lhs: WindowID, rhs: WindowID) -> Bool { lhs.rawValue == rhs.rawValue }

    /// Orders by the UUID text: a fixed order, not creation order (that is `Window.order`).
    package static func < (lhs: WindowID, rhs: WindowID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A client connection, as the core knows it: an opaque number the server hands out.
package struct ConnectionID: Hashable, Sendable, CustomStringConvertible {
    /// The number, unique for the life of one daemon process.
    package let rawValue: UInt64
    /// The connection numbered `rawValue`.
    package init(_ rawValue: UInt64) { self.rawValue = rawValue }
    /// `#<number>`, as the logs name a connection.
    package var description: String { "#\(rawValue)" }
}
