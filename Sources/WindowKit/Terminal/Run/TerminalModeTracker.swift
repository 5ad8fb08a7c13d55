import Glibc

/// Follows the terminal modes a program sets, from what it writes: whether it asked for focus
/// reports (`CSI ? 1004 h`, off with `l`, alone or among other private modes, `CSI ? 1004 ; 2004 h`),
/// for the relay to pass them on; and the modes a program that is hung up leaves on (the
/// alternate screen, mouse reports, a hidden cursor, bracketed paste, application cursor keys
/// and keypad), for `winctl run` to turn them off when it hung the program up and the terminal
/// stays.
///
/// ```swift
/// var tracker = TerminalModeTracker()
/// for change in tracker.scan(chunk) { … }   // true: focus reports asked for; false: no longer
/// tracker.isEnabled
/// tracker.modesOff                           // the bytes that turn off what it left on
/// ```
///
/// A sequence cut between two writes is followed across them; what an OSC, DCS or APC string
/// holds (a title, a clipboard) is skipped to its BEL or ST. Cheap on bulk output: outside a
/// control sequence it only looks for the next `ESC`.
package struct TerminalModeTracker: Sendable {
    /// Whether the program last asked for focus reports.
    package private(set) var isEnabled = false
    /// The private modes of ``leftOnModes`` the program set and has not reset.
    private var modesOn: Set<Int> = []
    /// Whether the program hid the cursor (`CSI ? 25 l`) and has not shown it again.
    private var cursorHidden = false
    /// Whether the keypad is in application mode (`ESC =`, until `ESC >`).
    private var applicationKeypad = false
    private var state = State.ground
    /// The parameter bytes of the private-mode sequence being read (digits and `;`).
    private var parameters: [UInt8] = []

    /// The private modes that a program turns on and off itself, which a terminal keeps after
    /// it (`CSI ? N h`/`l`), in the order they are turned off: mouse reports (1000, 1002, 1003,
    /// and the encodings 1005, 1006, 1015), bracketed paste (2004), application cursor keys
    /// (1); the alternate screen last (1049, 1047, 47), so that what follows lands on the main one.
    static let leftOnModes = [1000, 1002, 1003, 1005, 1006, 1015, 2004, 1, 1049, 1047, 47]

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
        /// In an OSC, DCS, APC, PM or SOS string (`ESC ]`, `P`, `_`, `^`, `X`), whose bytes
        /// are text until BEL or ST (`ESC \\`); `dcs` for a DCS, in which `ESC ESC` is an `ESC`
        /// passed through (tmux's `ESC P tmux;`), not the start of a sequence.
        case string(dcs: Bool)
        /// After an `ESC` in such a string: `\\` ends it; anything else ends it too and starts
        /// a sequence, as tmux and xterm take it (an `ESC [ ? 1000 h` there turns mouse reports on).
        case stringEscape(dcs: Bool)
    }

    /// The bytes after `ESC` that start a string.
    private static let stringStarts: Set<UInt8> = Set("]P_^X".utf8)

    /// The longest parameter list read; a longer one is no mode change this tracker follows.
    private static let parameterLimit = 64

    package init() {}

    /// The bytes that turn off every mode of ``leftOnModes`` the program left on, show the cursor
    /// it hid and take the keypad out of application mode; empty when it left none. Focus reports
    /// are not among them: they are the relay's to keep or turn off.
    package var modesOff: [UInt8] {
        var bytes: [UInt8] = []
        for mode in Self.leftOnModes where modesOn.contains(mode) {
            bytes += Array("\u{1B}[?\(mode)l".utf8)
        }
        if cursorHidden { bytes += Array("\u{1B}[?25h".utf8) }
        if applicationKeypad { bytes += Array("\u{1B}>".utf8) }
        return bytes
    }

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
            if byte == UInt8(ascii: "=") || byte == UInt8(ascii: ">") { applicationKeypad = byte == UInt8(ascii: "=") }
            state =
                byte == UInt8(ascii: "[")
                ? .controlStart
                : Self.stringStarts.contains(byte)
                    ? .string(dcs: byte == UInt8(ascii: "P")) : (byte == 0x1B ? .escape : .ground)
        case .string(let dcs):
            if byte == 0x07 || byte == 0x18 || byte == 0x1A {
                state = .ground
            } else if byte == 0x1B {
                state = .stringEscape(dcs: dcs)
            }
        case .stringEscape(let dcs):
            if byte == UInt8(ascii: "\\") {
                state = .ground
            } else if dcs, byte == 0x1B {
                state = .string(dcs: true)
            } else {
                state = .escape
                step(byte, changes: &changes)
            }
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
                let set = byte == UInt8(ascii: "h")
                for parameter in parameters.split(separator: UInt8(ascii: ";")) {
                    guard parameter.count <= 5, let mode = Int(String(decoding: parameter, as: UTF8.self)) else {
                        continue
                    }
                    switch mode {
                    case 1004:
                        if set != isEnabled {
                            isEnabled = set
                            changes.append(set)
                        }
                    case 25:
                        cursorHidden = !set
                    case _ where Self.leftOnModes.contains(mode):
                        if set { modesOn.insert(mode) } else { modesOn.remove(mode) }
                    default:
                        break
                    }
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
