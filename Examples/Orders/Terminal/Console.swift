#if canImport(Glibc)
import Glibc
#endif

/// Lines for standard error, outside the full-screen view.
enum Console {
    /// Writes `line` and a newline to standard error.
    static func error(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
