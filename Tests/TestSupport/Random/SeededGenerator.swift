#if canImport(Glibc)
import Glibc
#endif

/// SplitMix64: a small, fast random number generator that repeats itself for a seed, so that a
/// randomized test that fails can be run again with the same numbers.
package struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `$name` as a number, else a fresh random one.
    package static func seed(from name: String) -> UInt64 {
        if let text = getenv(name), let seed = UInt64(String(cString: text)) { return seed }
        return UInt64.random(in: 0...UInt64.max)
    }

    /// `$name` as a positive count, else `fallback`.
    package static func count(from name: String, default fallback: Int) -> Int {
        guard let text = getenv(name), let count = Int(String(cString: text)), count > 0 else { return fallback }
        return count
    }
}
