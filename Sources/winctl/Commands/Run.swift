import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput
import WindowClient
import WindowProtocol

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

        @Argument(
            help: """
                The value of the window; omit it for a group of value type none. Any value may \
                follow -- (winctl run GROUP -- VALUE -- PROGRAM) or be given as --value=VALUE; one \
                that begins with - must.
                """
        )
        var value: String?

        @Option(name: .customLong("value"), help: "The value, whatever it begins with (written --value=VALUE).")
        var valueOption: String?

        @Argument(
            parsing: .postTerminator,
            help: ArgumentHelp("The program and its arguments, after --.", valueName: "program")
        )
        var program: [String] = []

        mutating func validate() throws {
            if let valueOption {
                guard value == nil else { throw ValidationError("give the value once: as VALUE or as --value") }
                value = valueOption
            } else if value == nil, program.count > 2, program[1] == "--" {
                // A word between two --: the value, whatever it is (how a script passes any file name).
                value = program[0]
                program.removeFirst(2)
            } else if value == nil, let first = program.first, first.hasPrefix("-") {
                // No program's name begins with -: a value, with no second -- before a program.
                throw ValidationError("give the program after a second --: winctl run \(group) -- \(first) -- PROGRAM")
            }
            if program.isEmpty || program[0].isEmpty {
                throw ValidationError(
                    "give the program to run after --: winctl run \(group) \(value.map { $0 + " " } ?? "")-- PROGRAM [ARG ...]"
                )
            }
        }

        func run() throws {
            try start(asking: value != nil) { groups, before in
                guard let value else { return nil }
                try refuseBytes(value, before)
                // A file of a `path` group is made absolute here, against this directory, as `open` makes it.
                return DaemonClient.value(value, of: group, in: groups)
            }
        }

        /// Takes the terminal, asks windowd for its groups (when `asking`), and presents the value
        /// `choose` makes of them; windowd gets --timeout (1 s unless given) in all, then the
        /// program runs alone.
        func start(asking: Bool, _ choose: ([DaemonGroups.Group], termios?) throws -> String?) throws -> Never {
            // Raw before windowd is asked anything: a key typed from now on waits as a byte for the
            // program's terminal, whose line discipline makes a Ctrl-C or a Ctrl-Z its signal. The
            // presenter gets the settings from before, for that terminal and to give them back.
            let before = TerminalSettings.takeStandardInput()
            let limit = options.timeout(default: Self.waitSeconds)
            let deadline = limit.map { ContinuousClock.now + $0 }
            var groups: [DaemonGroups.Group] = []
            var connection: WindowConnection?
            do throws(ClientError) {
                if asking {
                    connection = try WindowConnection(path: options.socketPath, timeout: limit)
                    groups = try connection?.call(DaemonGroups.self, NoParams()).groups ?? []
                }
            } catch {
                try runAlone(because: error.cause, before)
            }
            let sent = try choose(groups, before)
            if let connection, let sent { try bringToFrontIfPresented(sent, over: connection, before) }
            try present(sent, until: deadline, before)
        }

        /// Brings the window of `sent` to front from here, as `winctl open` does, and exits, when it
        /// has a presenter already: a run of an open file costs an open, without the presenter
        /// side's start. Anything else (no window, no presenter, a refusal) is the presenter
        /// side's to decide, on its one connection.
        func bringToFrontIfPresented(_ sent: String, over connection: WindowConnection, _ before: termios?) throws {
            let value = JSONValue.string(sent)
            let opened: WindowOpen.Result
            do throws(ClientError) {
                let listed = try connection.call(WindowList.self, WindowList.Params(group: group, value: value))
                guard listed.windows.first?.attached == true else { return }
                let request = RunEnvironment.request(program: program, value: sent)
                opened = try connection.call(
                    WindowOpen.self,
                    WindowOpen.Params(
                        group: group,
                        value: value,
                        outcomes: OpenOutcome.added,
                        request: request.isEmpty ? nil : request
                    )
                )
            } catch {
                return
            }
            guard opened.outcome.isPresentedElsewhere else { return }
            if let before { TerminalSettings.restore(before) }
            OpenText.broughtToFront(opened.window, opened.outcome, notPassedOn: opened.notPassedOn)
            throw ExitCode.success
        }

        /// Runs the program alone, saying why, if `value` was not valid UTF-8 as typed.
        func refuseBytes(_ value: String, _ before: termios?) throws {
            guard let bytes = ArgumentBytes.invalid(decodedAs: value) else { return }
            try runAlone(because: "\(ValueText.bytes(bytes)) is not UTF-8, which windowd takes", before)
        }

        /// Hands over to the presenter, for the value `sent` as the daemon takes it, with what
        /// is left until `deadline`.
        func present(_ sent: String?, until deadline: ContinuousClock.Instant?, _ before: termios?) throws -> Never {
            var arguments =
                ["--socket=" + options.socketPath, "--group=" + group] + (sent.map { ["--value=" + $0] } ?? [])
            if let app = chosenApp { arguments.append("--app=" + app) }
            if keep { arguments.append("--keep") }
            // What is left of the limit, at least a millisecond (0 would wait forever).
            let left = deadline.map { max(.milliseconds(1), $0 - .now) }
            arguments.append("--timeout=\(left.map { $0 / .seconds(1) } ?? 0)")
            if let before { arguments.append("--terminal-settings=" + TerminalSettings.text(before)) }
            // The presenter side on WindowKit decides everything else: one connection for the
            // check and the presentation, so that two runs of one value start one program.
            // It returns only if it could not start the presenter, having given the terminal back
            // and said why.
            _ = PresenterLauncher.exec(arguments + ["--"] + program, terminalBefore: before)
            try runAlone(because: nil, nil)
        }

        /// How long windowd may take in all before the program runs without a window, when
        /// `--timeout` is not given: a program started by a shell function must start promptly.
        static let waitSeconds: Double = 1

        /// Gives the terminal back as it was `before`, says `cause` (if any) in one line, and
        /// replaces this process with the program, its arguments passed on as they were typed
        /// (bytes, not decoded text); throws the shell's status if it cannot be started. `quietly`
        /// for a program that was never to have a window.
        func runAlone(because cause: String?, _ before: termios?, quietly: Bool = false) throws -> Never {
            if let before { TerminalSettings.restore(before) }
            if !quietly { Console.error((cause.map { $0 + ": " } ?? "") + "running \(program[0]) without a window") }
            ArgumentBytes.execLast(program.count)
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
