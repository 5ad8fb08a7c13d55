import Glibc

/// Where new window ids come from: random (version 4) UUIDs, taken 16 random bytes at a time
/// from a buffer refilled 4 KiB at a time and written out as hexadecimal by hand.
///
/// `UUID().uuidString` made one `getrandom` call and one `sprintf` per window: half of what
/// opening a new window cost on the event loop.
///
/// Owned by whoever owns the coordinator — the daemon, on its one event loop — and lent to
/// ``SceneCoordinator/open(group:value:path:now:launch:ids:effects:)``: no lock, no global state. Not
/// copyable, so that no copy hands out the same ids again (a coordinator rolled back to an
/// earlier value does not take back the ids it gave). Tests and the fuzzer use a seeded source,
/// which gives the same ids on every run.
package struct WindowIDSource: ~Copyable {
    private static let size = 4096
    private let bytes = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 8)
    private var offset = size
    /// The seeded generator's state (SplitMix64); `nil`: the kernel's random bytes.
    private var seed: UInt64?

    /// Random ids, from the kernel's random bytes.
    package init() {
        seed = nil
    }

    /// The same ids, in the same order, for the same `seed`: for tests and the fuzzer.
    package init(seed: UInt64) {
        self.seed = seed
    }

    deinit { bytes.deallocate() }

    /// A fresh id.
    package mutating func next() -> WindowID {
        if offset == Self.size { refill() }
        defer { offset += 16 }
        return WindowID(
            randomBits: bytes.load(fromByteOffset: offset, as: UInt64.self),
            bytes.load(fromByteOffset: offset + 8, as: UInt64.self)
        )
    }

    private mutating func refill() {
        offset = 0
        if var state = seed {
            for word in stride(from: 0, to: Self.size, by: 8) {
                // SplitMix64 (Steele, Lea and Flood 2014): a full-period generator in three lines.
                state &+= 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                bytes.storeBytes(of: mixed ^ (mixed >> 31), toByteOffset: word, as: UInt64.self)
            }
            seed = state
            return
        }
        // glibc's arc4random_buf: getrandom(2) until the buffer is full; it cannot fail.
        arc4random_buf(bytes.baseAddress!, Self.size)
    }
}
