/// Takes the terminal's own reports out of what it sends, before an app's key decoder sees it:
/// focus in and out (`CSI I`, `CSI O`, asked for with `CSI ?1004h`) and Ctrl-Z (raw mode sends it
/// as a byte). Everything else passes through in order, as typed.
///
/// ```swift
/// var reports = TerminalReports()
/// for piece in reports.feed(bytes) { … }   // .keys([UInt8]), .focusIn, .focusOut, .suspend
/// ```
///
/// A report cut between two reads is kept until the rest arrives: a trailing `ESC` or `ESC [`
/// waits for the next read (key decoders wait for what follows `ESC` just the same).
public struct TerminalReports: Sendable {
    /// One piece of the terminal's input.
    public enum Piece: Hashable, Sendable {
        /// Bytes typed, for the app's key decoder.
        case keys([UInt8])
        /// `CSI I`: the terminal (or tmux pane) got the focus.
        case focusIn
        /// `CSI O`: it lost the focus.
        case focusOut
        /// Ctrl-Z (0x1A).
        case suspend
    }

    private var pending: [UInt8] = []
    /// Whether Ctrl-Z is a ``Piece/suspend`` (else a key like any other).
    private let takesSuspend: Bool

    /// Nothing pending; Ctrl-Z a ``Piece/suspend`` unless `takesSuspend` is `false` (a program
    /// on a pseudo-terminal gets it as a key, and its line discipline stops it).
    public init(takesSuspend: Bool = true) {
        self.takesSuspend = takesSuspend
    }

    /// Whether the end of the last read is held back: an `ESC` or `ESC [` that may start a report.
    public var isHolding: Bool { !pending.isEmpty }

    /// What is held back, as keys, given up on: no report followed it in time (a lone Escape
    /// key is typed this way).
    public mutating func release() -> [UInt8] {
        defer { pending.removeAll() }
        return pending
    }

    /// Takes `bytes` as read; returns the pieces they complete, in order.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Piece] {
        pending.append(contentsOf: bytes)
        var pieces: [Piece] = []
        var keys: [UInt8] = []
        func flush() {
            if !keys.isEmpty { pieces.append(.keys(keys)) }
            keys = []
        }
        var index = 0
        while index < pending.count {
            let byte = pending[index]
            if byte == 0x1A, takesSuspend {
                flush()
                pieces.append(.suspend)
                index += 1
                continue
            }
            if byte == 0x1B {
                let rest = pending.count - index
                if rest == 1 || (rest == 2 && pending[index + 1] == UInt8(ascii: "[")) { break }  // Wait for the rest.
                if pending[index + 1] == UInt8(ascii: "["),
                    pending[index + 2] == UInt8(ascii: "I") || pending[index + 2] == UInt8(ascii: "O")
                {
                    flush()
                    pieces.append(pending[index + 2] == UInt8(ascii: "I") ? .focusIn : .focusOut)
                    index += 3
                    continue
                }
            }
            keys.append(byte)
            index += 1
        }
        flush()
        pending.removeFirst(index)
        return pieces
    }
}
