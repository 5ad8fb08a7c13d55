import Glibc

/// Writes whole lines straight to standard output or standard error.
///
/// Unbuffered `write(2)`, so that `watch` and `attach` output reaches a pipe as
/// each line is made, and stdout and stderr lines keep their order. Text lines never write a
/// control character as it is: they are escaped as `winctl list` escapes a value
/// (``ValueText/escaped(_:keepingLineFeeds:)``), so that text a client chose (a value, a user
/// name, a command) cannot move the cursor, ring the bell or retitle the terminal.
package enum Console {
    /// Writes `line`, its control characters escaped, and a newline to standard output.
    package static func output(_ line: String) {
        emit(Array((ValueText.escaped(line) + "\n").utf8), to: 1)
    }

    /// Writes `winctl: ` + `message` and a newline to standard error; control characters are
    /// escaped, but the line breaks of a message of several lines.
    package static func error(_ message: String) {
        emit(Array(("winctl: " + ValueText.escaped(message, keepingLineFeeds: true) + "\n").utf8), to: 2)
    }

    /// Writes `message` (a usage error, as ArgumentParser words it) and a newline to standard
    /// error as it is worded, but for its control characters, escaped; its line breaks stay.
    package static func report(_ message: String) {
        emit(Array((ValueText.escaped(message, keepingLineFeeds: true) + "\n").utf8), to: 2)
    }

    /// Writes `bytes` and a newline to standard output, as they are.
    package static func output(bytes: [UInt8]) {
        var line = bytes
        line.append(0x0A)
        emit(line, to: 1)
    }

    private static func emit(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(fd, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return  // A closed stdout is the reader's choice; nothing left to tell.
            }
            offset += written
        }
    }
}
