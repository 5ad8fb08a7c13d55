/// Reads raw-mode input bytes into ``InputEvent``s, keeping a sequence cut between two reads.
///
/// Control sequences (`ESC [` … final byte, `ESC O` x) are read whole; those it does not know
/// are one ``InputEvent/other``. An `ESC` followed by something else is the Escape key.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []

    /// A decoder with nothing pending.
    public init() {}

    /// Takes `bytes` as read; returns the events they complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            guard byte == 0x1B else {
                events.append(InputDecoder.key(byte))
                index += 1
                continue
            }
            guard index + 1 < pending.count else { break }  // Wait for what follows ESC.
            switch pending[index + 1] {
            case UInt8(ascii: "["):
                guard let end = pending[(index + 2)...].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                    // Unfinished: keep it, unless it is too long to be a real sequence.
                    if pending.count - index > 32 { index = pending.count }
                    break
                }
                events.append(InputDecoder.csi(final: pending[end], parameters: pending[(index + 2)..<end]))
                index = end + 1
                continue
            case UInt8(ascii: "O"):
                guard index + 2 < pending.count else { break }
                events.append(.other)  // SS3: a function or keypad key.
                index += 3
                continue
            default:
                events.append(.other)  // The Escape key on its own.
                index += 1
                continue
            }
            break
        }
        pending.removeFirst(index)
        return events
    }

    private static func key(_ byte: UInt8) -> InputEvent {
        switch byte {
        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return .detach
        case 0x03: return .interrupt
        case 0x1A: return .suspend
        case 0x09: return .nextPanel
        case 0x0C: return .redraw
        default: return .other
        }
    }

    private static func csi(final: UInt8, parameters: ArraySlice<UInt8>) -> InputEvent {
        guard parameters.isEmpty else { return .other }
        switch final {
        case UInt8(ascii: "I"): return .focusIn
        case UInt8(ascii: "O"): return .focusOut
        case UInt8(ascii: "Z"): return .previousPanel
        default: return .other
        }
    }
}
