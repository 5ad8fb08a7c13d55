import Glibc
import POSIXSupport
import WinctlOutput
import WindowKit

/// The program `winctl run` runs: on a pseudo-terminal of its own when the terminal is one (so
/// that run can read the terminal's focus reports and pass them on only when asked for), else
/// on run's own standard streams.
final class RunProgram {
    /// The program's process.
    let child: ChildProcess
    /// Its pseudo-terminal; `nil` when it runs on run's own streams.
    let terminal: PseudoTerminal?

    /// run's terminal taken raw at once, if the program is to run on a pseudo-terminal (both
    /// standard input and output are terminals); `nil` when it runs on run's own streams.
    ///
    /// Taken before anything else, even before windowd is asked (winctl took it already, before
    /// its own question, and handed over `settingsBefore`): every key typed from then on is a
    /// byte the relay passes to the program's terminal, whose line discipline makes a Ctrl-C or
    /// a Ctrl-Z a signal for the program (winctl(1), "run"); none is taken by run's own
    /// terminal, where it would signal run's process group instead.
    static func takeTerminal(settingsBefore: termios?) -> TerminalMode? {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
        let mode = TerminalMode(relayingInput: 0, output: 1, settingsBefore: settingsBefore)
        return mode.enterRawInput() ? mode : nil
    }

    /// Starts `argv` with `environment`: on a pseudo-terminal with the modes `terminal` had
    /// before it was taken raw (``takeTerminal()``) and its size, else on run's own streams.
    init(_ argv: [String], environment: [String: String], terminal mode: TerminalMode?) throws(RunFailure) {
        if let mode {
            let terminal: PseudoTerminal
            do {
                terminal = try PseudoTerminal(modes: mode.savedSettings, sizeOf: mode.input)
            } catch {
                throw RunFailure("cannot make a pseudo-terminal for \(argv[0]): \(error)", errno: error.errno)
            }
            do {
                // A session of its own, with the pseudo-terminal as its controlling terminal: its
                // Ctrl-C, Ctrl-Z and job control are its terminal's, as without run.
                child = try ChildProcess.terminalJob(argv, environment: environment, terminal: terminal.slavePath)
            } catch {
                throw RunFailure("cannot run \(argv[0]): \(error)", errno: error.errno)
            }
            self.terminal = terminal
        } else {
            do {
                child = try ChildProcess(
                    argv,
                    environment: environment,
                    stdin: .inherited,
                    stdout: .inherited,
                    stderr: .inherited
                )
            } catch {
                throw RunFailure("cannot run \(argv[0]): \(error)", errno: error.errno)
            }
            terminal = nil
        }
    }

    /// Sends `signal` to the program: on its own terminal through the session's leader, which
    /// passes it to the program's process group; SIGKILL, which nothing can pass on, to the
    /// terminal's foreground group and the leader.
    func signal(_ signal: Int32) {
        if signal == SIGKILL, let terminal {
            let foreground = tcgetpgrp(terminal.master)
            if foreground > 1 { kill(-foreground, SIGKILL) }
        }
        child.signal(signal)
    }

    /// Replaces this process with `argv`, for when there is no window to present: returns only
    /// if it cannot be started, with the shell's status for that (127 not found, 126 otherwise).
    static func exec(_ argv: [String]) -> Int32 {
        let arguments = argv.map { strdup($0) } + [nil]
        execvp(argv[0], arguments)
        let error = errno
        arguments.forEach { free($0) }
        Console.error("cannot run \(argv[0]): \(String(cString: strerror(error)))")
        return shellStatus(errno: error)
    }

    /// The status a shell gives a program it cannot start: 127 when it is not found, else 126.
    static func shellStatus(errno: Int32) -> Int32 {
        errno == ENOENT ? 127 : 126
    }
}

/// Why `winctl run` could not start its program.
struct RunFailure: Error {
    let message: String
    /// run's exit status for it, as a shell's (``RunProgram/shellStatus(errno:)``).
    let status: Int32
    init(_ message: String, errno: Int32) {
        self.message = message
        status = RunProgram.shellStatus(errno: errno)
    }
}
