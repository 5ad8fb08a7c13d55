import Glibc
import WinctlOutput

/// winctl's arguments as the kernel passed them: bytes. On Linux a file name is any bytes but
/// `/` and NUL, and `CommandLine.arguments` decodes each argument lossily (an invalid byte
/// becomes U+FFFD), so that two files, `\xffname` and `\xfename`, would read as one name.
enum ArgumentBytes {
    /// The argument that was decoded as `text`, when it is not valid UTF-8; `nil` when `text`
    /// is what was typed.
    static func invalid(decodedAs text: String) -> [UInt8]? {
        guard text.unicodeScalars.contains("\u{FFFD}") else { return nil }
        return (1..<Int(CommandLine.argc)).lazy.map(bytes(at:)).first {
            String(validating: $0, as: UTF8.self) == nil && String(decoding: $0, as: UTF8.self) == text
        }
    }

    /// Replaces this process with the program named by the last `count` arguments, passed on
    /// byte for byte; returns only if it cannot be started, with `errno` set.
    static func execLast(_ count: Int) {
        let argv = UnsafeBufferPointer(start: CommandLine.unsafeArgv, count: Int(CommandLine.argc))
        guard count > 0, count < argv.count, let program = argv[argv.count - count] else { return }
        execvp(program, Array(argv.suffix(count)) + [nil])
    }

    private static func bytes(at index: Int) -> [UInt8] {
        guard let argument = CommandLine.unsafeArgv[index] else { return [] }
        return Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
    }
}
