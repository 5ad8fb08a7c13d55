import ArgumentParser
import POSIXSupport
import WinctlOutput

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Winctl {
    /// `winctl run [--keep] GROUP [VALUE] -- PROGRAM [ARG ...]`: any terminal program as a window.
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a program as the window of a group for a value, or bring the window that runs it to front.",
            discussion: """
                If the window already has a presenter, it is brought to front, the line winctl open \
                prints is printed, and PROGRAM is not started. Otherwise this terminal presents the \
                window and runs PROGRAM in it as if it were started directly, with WINDOWD_WINDOW_ID, \
                WINDOWD_GROUP, WINDOWD_VALUE, WINDOWD_SOCKET (and WINDOWD_APP) in its environment. \
                Focus and Ctrl-Z set the window's phase; closing the window hangs PROGRAM up. When \
                PROGRAM exits, the window is closed (kept, detached, with --keep) and run exits with \
                its status (128+N for signal N). Without windowd, PROGRAM runs anyway.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Keep the window (detached, with its storage) when PROGRAM exits.")
        var keep = false

        @Argument(help: "The window group's id.")
        var group: String

        @Argument(help: "The value of the window; omit it for a group of value type none.")
        var value: String?

        @Argument(
            parsing: .postTerminator,
            help: ArgumentHelp("The program and its arguments, after --.", valueName: "program")
        )
        var program: [String] = []

        func validate() throws {
            if program.isEmpty || program[0].isEmpty {
                throw ValidationError(
                    "give the program to run after --: winctl run \(group) \(value.map { $0 + " " } ?? "")-- PROGRAM [ARG ...]"
                )
            }
        }

        func run() throws {
            // Raw before windowd is asked anything: a key typed from now on waits as a byte for the
            // program's terminal, whose line discipline makes a Ctrl-C or a Ctrl-Z its signal. The
            // presenter gets the settings from before, for that terminal and to give them back.
            let before = TerminalSettings.takeStandardInput()
            // A file of a `path` group is made absolute here, against this directory, as `open` makes it.
            let sent = value.map { DaemonClient.quietValue($0, of: group, options: options) }
            var arguments =
                ["--socket=" + options.socketPath, "--group=" + group] + (sent.map { ["--value=" + $0] } ?? [])
            if let app = chosenApp { arguments.append("--app=" + app) }
            if keep { arguments.append("--keep") }
            arguments.append("--timeout=\(options.timeoutSeconds)")
            if let before { arguments.append("--terminal-settings=" + TerminalSettings.text(before)) }
            // The presenter side on WindowKit decides everything else: one connection for the
            // check and the presentation, so that two runs of one value start one program.
            // It returns only if it could not start the presenter, having given the terminal back
            // and said why.
            _ = PresenterLauncher.exec(arguments + ["--"] + program, terminalBefore: before)
            Console.error("running \(program[0]) without a window")
            let argv = program.map { strdup($0) } + [nil]
            execvp(program[0], argv)
            let error = errno
            Console.error("cannot run \(program[0]): \(String(cString: strerror(error)))")
            throw ExitCode(error == ENOENT ? 127 : 126)
        }

        /// The app chosen by `--app` or `WINDOWD_APP`, unless `--socket` named a socket.
        private var chosenApp: String? {
            if let app = options.app { return app }
            guard options.socket == nil, let app = getenv("WINDOWD_APP"), app.pointee != 0 else { return nil }
            return String(cString: app)
        }
    }
}
