#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Follows whether a program asked its terminal for focus reports, from what it writes:
/// `CSI ? 1004 h` turns them on, `CSI ? 1004 l` off, alone or among other private modes
/// (`CSI ? 1004 ; 2004 h`).
///
/// ```swift
/// var tracker = FocusModeTracker()
/// for change in tracker.scan(chunk) { … }   // true: asked for; false: no longer
/// tracker.isEnabled
/// ```
///
/// A sequence cut between two writes is followed across them. Cheap on bulk output: outside a
/// control sequence it only looks for the next `ESC`.
package struct FocusModeTracker: Sendable {
    /// Whether the program last asked for focus reports.
    package private(set) var isEnabled = false
    private var state = State.ground
    /// The parameter bytes of the private-mode sequence being read (digits and `;`).
    private var parameters: [UInt8] = []

    private enum State: Sendable {
        /// Text, or any sequence that is not a private mode's.
        case ground
        /// After `ESC`.
        case escape
        /// After `ESC [`.
        case controlStart
        /// In `ESC [ ?` and its parameters.
        case privateMode
        /// In a control sequence that is not a private mode's, until its final byte.
        case otherControl
    }

    /// The longest parameter list read; a longer one is no mode change this tracker follows.
    private static let parameterLimit = 64

    package init() {}

    /// Takes the next bytes the program wrote; returns each change of ``isEnabled`` they make,
    /// in order (`true`: focus reports asked for, `false`: turned off). Empty for nearly all.
    package mutating func scan(_ bytes: UnsafeRawBufferPointer) -> [Bool] {
        var changes: [Bool] = []
        var index = 0
        let count = bytes.count
        while index < count {
            if case .ground = state {
                guard let base = bytes.baseAddress,
                    let found = memchr(base + index, 0x1B, count - index)
                else { return changes }
                index = base.distance(to: UnsafeRawPointer(found)) + 1
                state = .escape
                continue
            }
            let byte = bytes[index]
            index += 1
            step(byte, changes: &changes)
        }
        return changes
    }

    /// Takes `bytes`, as ``scan(_:)-(UnsafeRawBufferPointer)`` does.
    package mutating func scan(_ bytes: [UInt8]) -> [Bool] {
        bytes.withUnsafeBytes { scan($0) }
    }

    private mutating func step(_ byte: UInt8, changes: inout [Bool]) {
        switch state {
        case .ground:
            if byte == 0x1B { state = .escape }
        case .escape:
            state = byte == UInt8(ascii: "[") ? .controlStart : (byte == 0x1B ? .escape : .ground)
        case .controlStart:
            if byte == UInt8(ascii: "?") {
                parameters.removeAll(keepingCapacity: true)
                state = .privateMode
            } else {
                state = .otherControl
                step(byte, changes: &changes)
            }
        case .privateMode:
            if byte >= 0x30, byte <= 0x3F {
                guard parameters.count < Self.parameterLimit else {
                    state = .otherControl
                    return
                }
                parameters.append(byte)
            } else if byte >= 0x40, byte <= 0x7E {
                state = .ground
                guard byte == UInt8(ascii: "h") || byte == UInt8(ascii: "l") else { return }
                guard parameters.split(separator: UInt8(ascii: ";")).contains(where: { $0.elementsEqual("1004".utf8) })
                else { return }
                let enabled = byte == UInt8(ascii: "h")
                if enabled != isEnabled {
                    isEnabled = enabled
                    changes.append(enabled)
                }
            } else {
                endInterrupted(byte)
            }
        case .otherControl:
            if byte >= 0x40, byte <= 0x7E {
                state = .ground
            } else if byte < 0x20 {
                endInterrupted(byte)
            }
        }
    }

    /// A byte that ends a control sequence before its final byte: `ESC` starts another, the
    /// rest (CAN, SUB, …) abandon it.
    private mutating func endInterrupted(_ byte: UInt8) {
        if byte == 0x1B {
            state = .escape
        } else if byte >= 0x20 && byte <= 0x2F {
            state = .otherControl  // An intermediate byte: a sequence of another kind.
        } else if byte < 0x20 {
            state = byte == 0x18 || byte == 0x1A ? .ground : state  // Other C0 controls are executed in place.
        } else {
            state = .ground
        }
    }
}
