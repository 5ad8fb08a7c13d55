/// A key or a terminal report, as the orders app reads them.
enum Key: Hashable, Sendable {
    case up, down, pageUp, pageDown, home, end
    case enter, backspace, escape, tab
    case interrupt
    /// A printable character.
    case character(Character)
    /// The terminal (tmux pane) got or lost the focus (`CSI I`, `CSI O`).
    case focusIn, focusOut
    /// Anything else.
    case other
}

/// Turns raw-mode bytes into ``Key``s, keeping a sequence cut between two reads.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.feed([0x1B, 0x5B, 0x42, 0x0D])   // [.down, .enter]
/// ```
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []

    /// The keys `bytes` complete, in order.
    mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        decoding: while index < pending.count {
            let byte = pending[index]
            guard byte == 0x1B else {
                keys.append(KeyDecoder.key(byte))
                index += 1
                continue
            }
            guard index + 1 < pending.count else {
                // A lone ESC at the end of a read is the Escape key; a sequence cut in two is rare.
                if bytes.count == 1 { keys.append(.escape); index += 1 }
                break
            }
            switch pending[index + 1] {
            case UInt8(ascii: "["), UInt8(ascii: "O"):
                guard let end = pending[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else { break decoding }
                keys.append(KeyDecoder.sequence(final: pending[end], parameters: Array(pending[(index + 2)..<end])))
                index = end + 1
            default:
                keys.append(.escape)
                index += 1
            }
        }
        pending.removeFirst(index)
        return keys
    }

    private static func key(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x7F, 0x08: return .backspace
        case 0x09: return .tab
        case 0x03: return .interrupt
        case 0x20...0x7E: return .character(Character(Unicode.Scalar(byte)))
        default: return .other
        }
    }

    private static func sequence(final: UInt8, parameters: [UInt8]) -> Key {
        switch (final, String(decoding: parameters, as: UTF8.self)) {
        case (UInt8(ascii: "A"), _): return .up
        case (UInt8(ascii: "B"), _): return .down
        case (UInt8(ascii: "H"), _): return .home
        case (UInt8(ascii: "F"), _): return .end
        case (UInt8(ascii: "I"), ""): return .focusIn
        case (UInt8(ascii: "O"), ""): return .focusOut
        case (UInt8(ascii: "~"), "5"): return .pageUp
        case (UInt8(ascii: "~"), "6"): return .pageDown
        case (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return .home
        case (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return .end
        default: return .other
        }
    }
}
