import Glibc

/// Splits a byte stream into lines: `\n` ends a line. The one line framer of the project: the
/// daemon's NIO handler and the fuzzer read requests with it (capped, ``Trim/returnAndByteOrderMark``),
/// WindowKit's decoder, the blocking client's ``LineBuffer``, the tests and the benchmark read
/// the daemon's lines with it (no cap, ``Trim/nothing``).
///
/// As the daemon reads requests (windowd(8), Socket and access): a `\r` before the `\n` is dropped, and so is a
/// UTF-8 byte order mark (`EF BB BF`) at the start of a line. A line longer than `maximum` bytes
/// (its `\n` or `\r\n` not counted) is refused as `.oversize` as soon as it is known to be too
/// long; the rest of it, up to its `\n`, is skipped, and the next line is read as usual.
///
/// A line that arrives whole in one read is handed out where it lies, without a copy; only
/// the bytes of a line split across reads are kept, and never more than `maximum` + 1 of them.
/// Each byte is searched for `\n` once, however many reads a line takes.
package struct LineSplitter: Sendable {
    /// What the splitter made of the bytes fed so far.
    package enum Frame: Equatable, Sendable {
        /// One complete line, without its terminator (and without a byte order mark).
        case line([UInt8])
        /// A line over the limit: the daemon answers `limit_exceeded`; the line is skipped.
        case oversize
    }

    /// A frame as ``split(_:_:)`` hands it out: the line's bytes are valid only during the call.
    package enum Piece {
        /// One complete line, without its terminator (and without a byte order mark).
        case line(UnsafeRawBufferPointer)
        /// A line over the limit; its bytes up to the next `\n` are skipped.
        case oversize
    }

    /// What is cut from a line besides its `\n`.
    package enum Trim: Sendable {
        /// Nothing: a line is every byte before its `\n` (the daemon's replies and events).
        case nothing
        /// A `\r` before the `\n`, and a UTF-8 byte order mark at the line's start: what the
        /// daemon accepts from clients (windowd(8), Socket and access).
        case returnAndByteOrderMark
    }

    /// The longest line accepted, in bytes (`max_message_bytes`), the line ending not counted;
    /// `Int.max` when there is no limit.
    package let maximum: Int
    /// What is cut from each line besides its `\n`.
    package let trim: Trim
    /// The start of a line whose end has not arrived yet.
    private var pending: [UInt8] = []
    /// In the middle of an oversize line: everything up to its `\n` is dropped.
    private var skipping = false

    /// A splitter with nothing pending that accepts lines of up to `maximum` bytes (no limit by
    /// default) and cuts `trim` from each.
    package init(maximum: Int = .max, trim: Trim = .returnAndByteOrderMark) {
        self.maximum = maximum
        self.trim = trim
    }

    /// Calls `body` with each line `bytes` complete, in order, and `.oversize` for each line over
    /// the limit (once, when it is known to be too long).
    package mutating func split(_ bytes: UnsafeRawBufferPointer, _ body: (Piece) -> Void) {
        guard !bytes.isEmpty else { return }
        var start = 0
        if skipping {
            guard let newline = Self.newline(in: bytes, from: 0) else { return }
            skipping = false
            start = newline + 1
        } else if !pending.isEmpty {
            guard let newline = Self.newline(in: bytes, from: 0) else {
                pending.append(contentsOf: bytes)
                if !fitsSoFar(pending.count, last: pending.last) { skipRest(body) }
                return
            }
            pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[..<newline]))
            pending.withUnsafeBytes { emit($0, body) }
            // A long line's storage is not kept for the short lines that usually follow.
            if pending.capacity > Self.keptCapacity { pending = [] } else { pending.removeAll(keepingCapacity: true) }
            start = newline + 1
        }
        while let newline = Self.newline(in: bytes, from: start) {
            emit(UnsafeRawBufferPointer(rebasing: bytes[start..<newline]), body)
            start = newline + 1
        }
        guard start < bytes.count else { return }
        let tail = UnsafeRawBufferPointer(rebasing: bytes[start...])
        guard fitsSoFar(tail.count, last: tail.last) else { return skipRest(body) }
        pending.append(contentsOf: tail)
    }

    /// Adds `bytes` and returns the lines they complete, copied, and `.oversize` for each line
    /// over the limit.
    package mutating func feed(_ bytes: some Collection<UInt8>) -> [Frame] {
        var frames: [Frame] = []
        Array(bytes).withUnsafeBytes { raw in
            split(raw) { piece in
                switch piece {
                case .line(let line): frames.append(.line(Array(line)))
                case .oversize: frames.append(.oversize)
                }
            }
        }
        return frames
    }

    /// The bytes of a line not yet complete (empty if none), left in the splitter. In the
    /// middle of an oversize line, ``skippingMark``: the next process skips the rest of it too.
    package var partialLine: [UInt8] { skipping ? Self.skippingMark : pending }

    /// ``partialLine``, removed from the splitter.
    package mutating func takePartialLine() -> [UInt8] {
        defer {
            pending = []
            skipping = false
        }
        return partialLine
    }

    /// Puts back the partial line a previous process had read; call before feeding.
    package mutating func restore(partialLine: [UInt8]) {
        skipping = partialLine == Self.skippingMark
        pending = skipping ? [] : partialLine
    }

    /// A lone `\n`, which no partial line holds: what ``takePartialLine()`` hands over while the
    /// rest of an oversize line is being skipped.
    package static let skippingMark: [UInt8] = [UInt8(ascii: "\n")]

    /// Hands out the complete `line` (its `\n` already cut off), or `.oversize` if it is too long.
    private func emit(_ line: UnsafeRawBufferPointer, _ body: (Piece) -> Void) {
        switch trim {
        case .nothing:
            guard line.count <= maximum else { return body(.oversize) }
            body(.line(line))
        case .returnAndByteOrderMark:
            let content = Self.withoutReturn(line)
            guard content.count <= maximum else { return body(.oversize) }
            body(.line(Self.withoutByteOrderMark(content)))
        }
    }

    /// Whether the start of a line, `count` bytes ending in `last`, may still end within the
    /// limit: `maximum` bytes, or one more if that is the `\r` of a `\r\n` that is cut.
    private func fitsSoFar(_ count: Int, last: UInt8?) -> Bool {
        count <= maximum || (trim == .returnAndByteOrderMark && count - 1 == maximum && last == UInt8(ascii: "\r"))
    }

    /// The most storage a split line leaves behind for the next one (a line longer than this
    /// gives its storage back once handed out).
    private static let keptCapacity = 1 << 16

    /// Refuses the line in progress and drops the rest of it, up to its `\n`.
    private mutating func skipRest(_ body: (Piece) -> Void) {
        skipping = true
        pending = []
        body(.oversize)
    }

    /// The offset of the first `\n` at or after `start`.
    private static func newline(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "\n")), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// `line` without a final `\r`.
    private static func withoutReturn(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard let last = line.last, last == UInt8(ascii: "\r") else { return line }
        return UnsafeRawBufferPointer(rebasing: line.dropLast())
    }

    /// `line` without a UTF-8 byte order mark at its start (RFC 8259 section 8.1 lets a parser
    /// ignore one; some editors and Windows tools write it).
    private static func withoutByteOrderMark(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        guard line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF else { return line }
        return UnsafeRawBufferPointer(rebasing: line.dropFirst(3))
    }
}
