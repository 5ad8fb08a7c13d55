import Foundation
import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// A fresh `/tmp/wdt-XXXXXX` directory (mode 0700), removed with everything in it when released.
///
/// Short on purpose: a socket path must fit the 108 bytes of `sockaddr_un`.
package final class TemporaryDirectory: Sendable {
    package let path: String

    /// Makes `/tmp/PREFIX-XXXXXX`: `wdt` for a daemon's, else whose it is (`xvfb`, `i3`, `sdt`, …).
    package init(_ prefix: String = "wdt") throws {
        var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw TestFailure.system("mkdtemp") }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// `path/name`.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `path/name` and returns the full path.
    @discardableResult
    package func write(_ text: String, to name: String) throws -> String {
        let full = file(name)
        try text.write(toFile: full, atomically: false, encoding: .utf8)
        return full
    }

    /// The text of `path/name`, or "" if it cannot be read.
    package func read(_ name: String) -> String {
        WholeFile.text(file(name)) ?? ""
    }
}
