import WindowProtocol

/// What a program the daemon runs printed, bounded as the log takes it (windowd(8),
/// "Programs it starts"): the first bytes are kept, the rest only counted, and ``line`` is one
/// line of at most ``lineLimit`` bytes with every control character escaped, so that a program
/// that prints megabytes of binary costs the daemon a small buffer and the log one line.
struct PrintedOutput: Equatable {
    /// The most a logged line of output takes, in bytes (UTF-8, escapes included): with the
    /// log's own words around it, the whole log line stays within 1 KiB.
    static let lineLimit = 900

    /// The first bytes printed: never more than ``lineLimit``, which is all a line can show.
    private(set) var kept: [UInt8] = []
    /// How many bytes were printed in all.
    private(set) var count = 0

    /// Takes what the program printed next.
    mutating func append(_ bytes: some Collection<UInt8>) {
        count += bytes.count
        let room = Self.lineLimit - kept.count
        if room > 0 { kept.append(contentsOf: bytes.prefix(room)) }
    }

    /// What it printed as one log line: invalid UTF-8 as U+FFFD, control characters (line
    /// breaks included) as JSON escapes, trailing line breaks and spaces dropped, and cut to
    /// ``lineLimit`` bytes, saying how much there was when cut; `nil` if it printed nothing.
    var line: String? {
        var text = Substring(String(decoding: kept, as: UTF8.self))
        if count == kept.count {
            while let last = text.unicodeScalars.last, last == "\n" || last == "\r" || last == " " || last == "\t" {
                text.unicodeScalars.removeLast()
            }
        }
        guard !text.isEmpty || count > kept.count else { return nil }
        let escaped = JSONValue.escapingControls(String(text))
        if count == kept.count, escaped.utf8.count <= Self.lineLimit { return escaped }
        let tail = " … (\(count) bytes in all)"
        var line = ""
        var size = tail.utf8.count
        // Scalar by scalar, each whole with its escape: a cut never ends inside `\u001b`.
        for scalar in text.unicodeScalars {
            let piece = JSONValue.escapingControls(String(scalar))
            guard size + piece.utf8.count <= Self.lineLimit else { break }
            line += piece
            size += piece.utf8.count
        }
        return line + tail
    }
}
