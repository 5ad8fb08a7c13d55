#if canImport(Glibc)
import Glibc
#endif

/// The moment a wait gives up, and what is left of it in the milliseconds `poll(2)` takes.
package struct Deadline {
    package let timeout: Duration
    private let end: ContinuousClock.Instant

    package init(_ timeout: Duration) {
        self.timeout = timeout
        end = .now + timeout
    }

    /// Whether the deadline is behind us.
    package var hasPassed: Bool { ContinuousClock.now >= end }

    /// Milliseconds left, rounded up so that a wait never ends just short of the deadline.
    package var remainingMilliseconds: Int32 {
        let left = end - .now
        guard left > .zero else { return 0 }
        let milliseconds = left.components.seconds * 1_000 + left.components.attoseconds / 1_000_000_000_000_000
        return Int32(clamping: milliseconds + 1)
    }
}

/// A failed expectation about the outside world, with a message that says what was awaited.
package struct TestFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }

    /// `call: strerror(errno)`.
    package static func system(_ call: String, errno code: Int32 = errno) -> TestFailure {
        TestFailure("\(call): \(String(cString: strerror(code)))")
    }
}

/// Checks `condition` every 5 ms (through `Poll.until`, never a wait for the
/// state itself) until it holds, and throws naming `what` once `timeout` has passed.
package func waitUntil(_ what: String, timeout: Duration = .seconds(10), _ condition: () throws -> Bool) throws {
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    guard try Poll.until(within: seconds, every: 5_000, condition) else {
        throw TestFailure("timed out after \(timeout) waiting for \(what)")
    }
}
