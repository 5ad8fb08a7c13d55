#if canImport(Glibc)
import Glibc
#endif

/// Why a benchmark could not run; the message names what failed.
enum BenchError: Error, CustomStringConvertible {
    /// A system call failed with `errno`.
    case system(String, Int32)
    /// Anything else.
    case failed(String)

    var description: String {
        switch self {
        case .system(let what, let code): return "\(what): \(String(cString: strerror(code)))"
        case .failed(let message): return message
        }
    }
}
