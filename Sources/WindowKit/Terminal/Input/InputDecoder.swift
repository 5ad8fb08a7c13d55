/// Reads what a terminal in raw mode sends into ``Key``s, keeping a sequence cut between two reads.
///
/// ```swift
/// var decoder = InputDecoder()
/// decoder.feed([0x1B, 0x5B, 0x42, 0x0D])   // [.down, .enter]
/// decoder.feed([0x1B])                     // []: an ESC may start a sequence
/// decoder.flush()                          // [.escape]: nothing followed it in time
/// ```
///
/// Control sequences (`ESC [` … final byte, `ESC O` x) are read whole; those it does not know
/// are one ``Key/unknown(_:)``. An `ESC` followed by anything else is the Escape key, then
/// what follows. A lone `ESC` at the end of a read waits: ``SceneTerminal`` calls ``flush()``
/// when nothing followed it within 10 ms.
public struct InputDecoder: Sendable {
    private var pending: [UInt8] = []
    /// The text of a bracketed paste begun and not yet ended.
    private var pasted: [UInt8]?

    /// The most a control sequence holds; a longer one is no sequence, and reads as
    /// ``Key/unknown(_:)``.
    static let longestSequence = 32
    private static let escape: UInt8 = 0x1B
    private static let pasteEnd = Array("\u{1B}[201~".utf8)

    /// A decoder with nothing pending.
    public init() {}

    /// Whether the end of the last read is held back: the start of a sequence, a character or a
    /// paste, waiting for the rest.
    public var isHolding: Bool { !pending.isEmpty || pasted != nil }

    /// Whether a bracketed paste has begun and not ended: its text is held until its end
    /// marker, however many reads it takes.
    public var isInPaste: Bool { pasted != nil }

    /// Takes `bytes` as read; returns the keys they complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            if pasted != nil {
                guard let end = Self.find(Self.pasteEnd, in: pending, from: index) else {
                    // Keep what may be the start of the end marker; the rest is the paste's.
                    let keep = max(index, pending.count - (Self.pasteEnd.count - 1))
                    pasted! += pending[index..<keep]
                    index = keep
                    break
                }
                keys.append(.paste(String(decoding: pasted! + pending[index..<end], as: UTF8.self)))
                pasted = nil
                index = end + Self.pasteEnd.count
                continue
            }
            guard let (key, length) = Self.key(at: index, in: pending) else { break }  // Wait for the rest.
            index += length
            if key == .unknown(Array("\u{1B}[200~".utf8)) {
                pasted = []
            } else {
                keys.append(key)
            }
        }
        pending.removeFirst(index)
        return keys
    }

    /// Gives up waiting: what is held back is read as it stands. A lone `ESC` is the Escape key;
    /// a paste never ended is the text so far; a cut character is ``Key/unknown(_:)``.
    public mutating func flush() -> [Key] {
        var keys: [Key] = []
        while isHolding {
            if let text = pasted {
                keys.append(.paste(String(decoding: text + pending, as: UTF8.self)))
                pasted = nil
                pending = []
            } else if pending.first == Self.escape {
                pending.removeFirst()
                keys.append(.escape)
                keys += feed([])
            } else {
                keys.append(.unknown(pending))
                pending = []
            }
        }
        return keys
    }

    /// The key at `index` of `bytes` and how many bytes it takes; `nil` if it is not whole yet.
    private static func key(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let byte = bytes[index]
        switch byte {
        case escape:
            guard index + 1 < bytes.count else { return nil }
            switch bytes[index + 1] {
            case UInt8(ascii: "["):
                let body = (index + 2)..<min(bytes.count, index + longestSequence)
                guard let end = bytes[body].firstIndex(where: { (0x40...0x7E).contains($0) }) else {
                    if bytes.count - index >= longestSequence {
                        return (.unknown(Array(bytes[index..<(index + longestSequence)])), longestSequence)
                    }
                    return nil
                }
                let parameters = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
                let key = csi(final: bytes[end], parameters: parameters) ?? .unknown(Array(bytes[index...end]))
                return (key, end + 1 - index)
            case UInt8(ascii: "O"):
                guard index + 2 < bytes.count else { return nil }
                return (ss3(bytes[index + 2]) ?? .unknown(Array(bytes[index...(index + 2)])), 3)
            default:
                return (.escape, 1)
            }
        case 0x80...:
            return character(at: index, in: bytes)
        default:
            return (control(byte), 1)
        }
    }

    /// A byte below 0x80 that starts no sequence.
    private static func control(_ byte: UInt8) -> Key {
        switch byte {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x00: return .control("@")
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        case 0x1C...0x1F: return .control(Character(Unicode.Scalar(byte + 0x40)))
        default: return .character(Character(Unicode.Scalar(byte)))
        }
    }

    /// A UTF-8 character of two to four bytes; `nil` while cut.
    private static func character(at index: Int, in bytes: [UInt8]) -> (Key, Int)? {
        let lead = bytes[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1 else { return (.unknown([lead]), 1) }
        guard index + length <= bytes.count else { return nil }
        let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
        guard text.count == 1, let character = text.first, character != "\u{FFFD}" else { return (.unknown([lead]), 1) }
        return (.character(character), length)
    }

    /// `CSI parameters final`, as xterm and its kin send keys; `nil` if it is none of those.
    private static func csi(final: UInt8, parameters: String) -> Key? {
        switch (Unicode.Scalar(final), parameters) {
        case ("A", ""): return .up
        case ("B", ""): return .down
        case ("C", ""): return .right
        case ("D", ""): return .left
        case ("H", ""): return .home
        case ("F", ""): return .end
        case ("Z", ""): return .backTab
        case ("I", ""): return .focusIn
        case ("O", ""): return .focusOut
        case ("~", _): return tilde(parameters)
        default: return nil
        }
    }

    /// `CSI n ~`: the editing keypad and the function keys (`200~` starts a paste).
    private static func tilde(_ parameter: String) -> Key? {
        switch parameter {
        case "1", "7": return .home
        case "2": return .insert
        case "3": return .delete
        case "4", "8": return .end
        case "5": return .pageUp
        case "6": return .pageDown
        case "11", "12", "13", "14", "15": return .function(Int(parameter)! - 10)
        case "17", "18", "19", "20", "21": return .function(Int(parameter)! - 11)
        case "23", "24": return .function(Int(parameter)! - 12)
        default: return nil
        }
    }

    /// `ESC O x`: the arrows, Home and End in application mode, and F1 to F4.
    private static func ss3(_ final: UInt8) -> Key? {
        switch Unicode.Scalar(final) {
        case "A": return .up
        case "B": return .down
        case "C": return .right
        case "D": return .left
        case "H": return .home
        case "F": return .end
        case "P", "Q", "R", "S": return .function(Int(final - UInt8(ascii: "P")) + 1)
        default: return nil
        }
    }

    /// Where `needle` starts in `bytes` at or after `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count - start >= needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
