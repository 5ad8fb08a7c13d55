import CGlibcExtensions

#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal of one's own, as `script`, `abduco` and tmux make one: the master side to
/// relay, and the path of the slave side for the program that runs on it
/// (``StandardStream/terminal(_:)``).
///
/// ```swift
/// let pty = try PseudoTerminal(like: 0)                 // this terminal's modes and size
/// let child = try ChildProcess(argv, stdin: .terminal(pty.slavePath), stdout: .terminal(pty.slavePath),
///                              stderr: .terminal(pty.slavePath), newSession: true)
/// ```
///
/// The master is closed when the value is released.
package final class PseudoTerminal {
    /// The master side: what the program writes is read here, and what is written here it reads.
    package let master: Int32
    /// The slave side's path (`/dev/pts/N`).
    package let slavePath: String

    /// A new pseudo-terminal whose slave has the modes and the size of the terminal `model`
    /// (its own defaults where `model` is no terminal).
    package init(like model: Int32) throws(SystemCallError) {
        var name = [CChar](repeating: 0, count: 128)
        let master = windowd_open_pty(&name, name.count)
        guard master >= 0 else { throw SystemCallError(call: "posix_openpt", errno: errno) }
        self.master = master
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard slave >= 0 else { return }
        defer { close(slave) }
        var modes = termios()
        if tcgetattr(model, &modes) == 0 { _ = tcsetattr(slave, TCSANOW, &modes) }
        copySize(from: model)
    }

    deinit {
        close(master)
    }

    /// Gives the slave the size of the terminal `model` (the kernel then sends SIGWINCH to the
    /// slave's foreground process group if it changed); `false` if `model` has none.
    @discardableResult
    package func copySize(from model: Int32) -> Bool {
        var size = winsize()
        guard ioctl(model, UInt(TIOCGWINSZ), &size) == 0 else { return false }
        return ioctl(master, UInt(TIOCSWINSZ), &size) == 0
    }
}
