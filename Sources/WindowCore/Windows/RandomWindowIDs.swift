#if canImport(Glibc)
import Glibc
#endif
import Synchronization

/// Random (version 4) window ids from a buffer of random bytes refilled 4 KiB at a time, written
/// out as hexadecimal by hand.
///
/// `UUID().uuidString` made one `getrandom` call and one `sprintf` per window: half of what
/// opening a new window cost on the event loop.
enum RandomWindowIDs {
    private static let buffer = Mutex(RandomBytes())

    /// A fresh id.
    static func next() -> WindowID {
        let (high, low) = buffer.withLock { $0.take() }
        // Version 4 in the 7th byte's high nibble, variant 10 in the 9th byte's top bits.
        let versioned = (high & ~0xF000) | 0x4000
        let varied = (low & ~(0xC000 << 48)) | (0x8000 << 48)
        let text = String(unsafeUninitializedCapacity: 36) { out in
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
        return WindowID(lowercasedUUID: text)
    }
}

/// Random bytes taken 16 at a time, refilled from the kernel 4 KiB at a time.
private struct RandomBytes: ~Copyable {
    private static let size = 4096
    private let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
    private var offset = size

    deinit { bytes.deallocate() }

    /// The next 16 random bytes, as two words.
    mutating func take() -> (UInt64, UInt64) {
        if offset == Self.size { refill() }
        defer { offset += 16 }
        return (bytes.load(fromByteOffset: offset, as: UInt64.self), bytes.load(fromByteOffset: offset + 8, as: UInt64.self))
    }

    private mutating func refill() {
        #if canImport(Glibc)
        // glibc's arc4random_buf: getrandom(2) until the buffer is full; it cannot fail.
        arc4random_buf(bytes.baseAddress!, Self.size)
        #else
        var generator = SystemRandomNumberGenerator()
        for word in stride(from: 0, to: Self.size, by: 8) {
            bytes.storeBytes(of: generator.next() as UInt64, toByteOffset: word, as: UInt64.self)
        }
        #endif
        offset = 0
    }
}
