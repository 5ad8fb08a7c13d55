import Glibc

/// The terminal's keys, from a descriptor of its own.
///
/// ```swift
/// let input = TerminalInput.open()   // /dev/tty opened anew, else a copy of standard input
/// ```
public enum TerminalInput {
    /// A new descriptor for reading the controlling terminal, for ``DescriptorReader``.
    ///
    /// `/dev/tty` opened anew has a file description of its own: the non-blocking mode the
    /// event loop sets on it does not reach standard output, which shares standard input's.
    /// Without a controlling terminal, a duplicate of standard input.
    public static func open() -> Int32 {
        let tty = Glibc.open("/dev/tty", O_RDONLY | O_CLOEXEC | O_NOCTTY)
        if tty >= 0 { return tty }
        return fcntl(0, F_DUPFD_CLOEXEC, 3)
    }
}
