#if canImport(Glibc)
import Glibc
#endif

/// Reads newline-terminated lines from a socket or pipe, each wait bounded by a deadline.
package final class LineReader {
    package let fileDescriptor: Int32
    private var buffer: [UInt8] = []
    /// Where the unread bytes of `buffer` start: lines are taken by moving it, not by shifting the buffer.
    private var head = 0
    /// How far from `head` the buffer is known to hold no newline, so a long line is searched once.
    private var scanned = 0
    /// One read's worth of space, reused: small for the many short-lived clients, doubled up to
    /// 256 KiB while reads fill it (a 20 MB reply).
    private var chunk = [UInt8](repeating: 0, count: 4_096)
    /// Whether the other end has closed (or reset) the stream.
    package private(set) var atEnd = false
    /// Whether the end was a reset (`ECONNRESET`) rather than an orderly close.
    package private(set) var wasReset = false

    package init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether a whole line is already buffered.
    package var hasBufferedLine: Bool { newlineIndex() != nil }

    /// The next line without its newline; `nil` at the end of the stream. Throws naming `what` at the deadline.
    package func readLine(timeout: Duration, what: @autoclosure () -> String) throws -> [UInt8]? {
        let deadline = Deadline(timeout)
        while true {
            if let line = takeBufferedLine() { return line }
            if atEnd { return takeRest() }
            guard try fill(deadline: deadline) else {
                throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())")
            }
        }
    }

    /// The next line if one is buffered or can be read without waiting; `nil` if none is complete yet
    /// (or the stream ended: see ``atEnd``).
    package func readLineIfReady() throws -> [UInt8]? {
        if let line = takeBufferedLine() { return line }
        if atEnd { return takeRest() }
        guard try fill(deadline: Deadline(.zero)) else { return nil }
        if let line = takeBufferedLine() { return line }
        return atEnd ? takeRest() : nil
    }

    /// The index of the next newline after `head`, searching only what was not searched before.
    private func newlineIndex() -> Int? {
        let from = head + scanned
        guard from < buffer.count else { return nil }
        let found: Int? = buffer.withUnsafeBytes { raw in
            guard let hit = memchr(raw.baseAddress! + from, 0x0A, raw.count - from) else { return nil }
            return raw.baseAddress!.distance(to: UnsafeRawPointer(hit))
        }
        if found == nil { scanned = buffer.count - head }
        return found
    }

    private func takeBufferedLine() -> [UInt8]? {
        guard let newline = newlineIndex() else { return nil }
        let line = Array(buffer[head..<newline])
        head = newline + 1
        scanned = 0
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 1 << 20 {
            buffer.removeSubrange(..<head)
            head = 0
        }
        return line
    }

    /// What is left after the last newline, once the stream has ended.
    private func takeRest() -> [UInt8]? {
        guard head < buffer.count else { return nil }
        defer { discard() }
        return Array(buffer[head...])
    }

    private func discard() {
        buffer.removeAll()
        head = 0
        scanned = 0
    }

    /// Reads whatever arrives until the end of the stream; returns the number of bytes. Throws at the deadline.
    package func drainToEnd(timeout: Duration, what: @autoclosure () -> String) throws -> [UInt8] {
        let deadline = Deadline(timeout)
        while !atEnd {
            guard try fill(deadline: deadline) else {
                throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())")
            }
        }
        defer { discard() }
        return Array(buffer[head...])
    }

    /// Reads both streams at once until both have ended, so that neither writer blocks on a full buffer.
    package static func drainBoth(_ first: LineReader, _ second: LineReader, timeout: Duration, what: @autoclosure () -> String) throws -> ([UInt8], [UInt8]) {
        let deadline = Deadline(timeout)
        while !first.atEnd || !second.atEnd {
            let open = [first, second].filter { !$0.atEnd }
            var descriptors = open.map { pollfd(fd: $0.fileDescriptor, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), deadline.remainingMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TestFailure.system("poll")
            }
            if ready == 0 { throw TestFailure("timed out after \(deadline.timeout) waiting for \(what())") }
            for (reader, descriptor) in zip(open, descriptors) where descriptor.revents != 0 {
                _ = try reader.fill(deadline: Deadline(.zero))
            }
        }
        defer {
            first.discard()
            second.discard()
        }
        return (Array(first.buffer[first.head...]), Array(second.buffer[second.head...]))
    }

    /// Waits for bytes until the deadline and appends them; false if none came in time.
    private func fill(deadline: Deadline) throws -> Bool {
        var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, deadline.remainingMilliseconds)
        if ready < 0 {
            if errno == EINTR { return true }
            throw TestFailure.system("poll")
        }
        if ready == 0 { return false }
        let count = chunk.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
        if count < 0 {
            switch errno {
            case EINTR, EAGAIN: return true
            case ECONNRESET:
                atEnd = true
                wasReset = true
                return true
            default: throw TestFailure.system("read")
            }
        }
        if count == 0 {
            atEnd = true
        } else {
            chunk.withUnsafeBytes { buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            if count == chunk.count, chunk.count < 262_144 { chunk = [UInt8](repeating: 0, count: chunk.count * 2) }
        }
        return true
    }
}
