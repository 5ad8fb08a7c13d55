import Glibc

/// A system call that failed: its name (with what it was called on) and the `errno` it set.
package struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was called, such as `open /etc/windowd.toml`.
    package var call: String
    /// The error number.
    package var errno: Int32

    package init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// `call: reason`.
    package var description: String { "\(call): \(reason)" }

    /// What `errno` means, in words.
    package var reason: String { String(cString: strerror(errno)) }
}
