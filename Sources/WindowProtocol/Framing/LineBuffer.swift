/// Lines read from a stream one at a time: bytes go in as they arrive, whole lines come out in
/// order, each without its `\n` and otherwise as sent. The pull side of ``LineSplitter`` for the
/// blocking readers of the daemon's lines: `winctl`'s socket, the tests and the benchmark.
///
/// ```swift
/// var lines = LineBuffer()
/// chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
/// while let line = lines.nextLine() { handle(line) }
/// ```
///
/// A line of any length costs one search for its `\n` (a 20 MB window list too).
package struct LineBuffer: Sendable {
    private var splitter = LineSplitter(trim: .nothing)
    /// Lines complete but not yet taken, from `head` on.
    private var lines: [[UInt8]] = []
    private var head = 0

    /// A buffer with nothing in it.
    package init() {}

    /// Whether a whole line is ready for ``nextLine()``.
    package var hasLine: Bool { head < lines.count }

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if head > 0 {
            lines.removeFirst(head)
            head = 0
        }
        var complete = lines
        lines = []
        splitter.split(bytes) { piece in
            if case .line(let line) = piece { complete.append(Array(line)) }
        }
        lines = complete
    }

    /// Adds bytes read from the stream.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        let appended: Void? = bytes.withContiguousStorageIfAvailable { append(UnsafeRawBufferPointer($0)) }
        if appended == nil { Array(bytes).withUnsafeBytes { append($0) } }
    }

    /// The next whole line, without its `\n`; `nil` if none has come yet.
    package mutating func nextLine() -> [UInt8]? {
        guard head < lines.count else { return nil }
        var line: [UInt8] = []
        swap(&line, &lines[head])
        head += 1
        if head == lines.count {
            lines.removeAll(keepingCapacity: true)
            head = 0
        }
        return line
    }

    /// Every byte not yet taken as a line (whole lines with their `\n`, then the start of the
    /// next), removed from the buffer: what is left at the end of a stream.
    package mutating func takeRest() -> [UInt8] {
        var rest: [UInt8] = []
        while let line = nextLine() {
            rest.append(contentsOf: line)
            rest.append(UInt8(ascii: "\n"))
        }
        rest.append(contentsOf: splitter.takePartialLine())
        return rest
    }
}
