import CGlibcExtensions
package import Glibc

/// A pseudo-terminal of one's own, as `script`, `abduco` and tmux make one: the master side to
/// relay, and the path of the slave side for the program that runs on it
/// (``StandardStream/terminal(_:)``).
///
/// ```swift
/// let pty = try PseudoTerminal(modes: saved, sizeOf: 0)  // modes read before, this terminal's size
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

    /// A new pseudo-terminal whose slave has the line discipline's settings `modes` (its own
    /// defaults if `nil`) and the size of the terminal `model` (its own where `model` is none).
    ///
    /// The modes are given rather than read from `model`: a relay takes its terminal raw before
    /// it makes the pseudo-terminal (so that no key typed in between is taken by its own
    /// terminal), and the program's terminal gets the modes from before.
    package init(modes: termios?, sizeOf model: Int32) throws(SystemCallError) {
        var name = [CChar](repeating: 0, count: 128)
        let master = windowd_open_pty(&name, name.count)
        guard master >= 0 else { throw SystemCallError(call: "posix_openpt", errno: errno) }
        self.master = master
        slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if var modes {
            let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            if slave >= 0 {
                _ = tcsetattr(slave, TCSANOW, &modes)
                close(slave)
            }
        }
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
