import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl open GROUP [VALUE]`: open a window, or bring the one already open for that value to front.
    struct Open: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "open",
            abstract: "Open a window of a group for a value, or bring the one already open to front.",
            discussion: """
                VALUE is sent as a string; the daemon types it by the group ("42" is 42 for an int group); \
                for a group of value type path it is a file, made absolute against the working directory \
                with its symbolic links resolved. \
                When the window needs a presenter, the group's command is started in a new terminal window \
                here: a tmux or screen window of this session, a kitty window, a new terminal emulator window. \
                ARGs are what the open asks of the window besides (a program's +120): its presenter \
                receives them; those its group cannot pass on are named on standard error. A VALUE \
                that begins with - follows --.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window group's id.")
        var group: String

        @Argument(help: "The value to open the window for; omit it for a group of value type none.")
        var value: String?

        @Argument(
            parsing: .allUnrecognized,
            help: ArgumentHelp("What to ask of the window besides, as a program's arguments.", valueName: "arg")
        )
        var request: [String] = []

        func run() throws {
            if let value, let bytes = ArgumentBytes.invalid(decodedAs: value) {
                Console.error(
                    "\(ValueText.bytes(bytes)) is not UTF-8: windowd keeps values and file names as UTF-8 text; rename the file to open it"
                )
                throw ExitStatus.usage
            }
            let here = OwnPlace.detect(outer: false)
            let client = try DaemonClient(options)
            // The value as typed and, where it differs, as a file made absolute here: the daemon
            // takes the one its group's type needs, so that one round trip does
            // (windowd-protocol(7), window.open). A text longer than PATH_MAX names no file.
            let path = value.map { NormalPath.of($0) }.flatMap { $0 != value && $0.utf8.count < PATH_MAX ? $0 : nil }
            let params = WindowOpen.Params(
                group: group,
                value: value.map(JSONValue.string),
                path: path,
                place: here,
                outcomes: OpenOutcome.added,
                request: request.isEmpty ? nil : request
            )
            let reply = try client.carryOut(WindowOpen.self, params)
            let result = reply.result
            OwnPlace.bringToFront(presenterOf: result.window, after: result.outcome)
            if let command = result.command,
                let failure = OwnPlace.launch(
                    command,
                    title: OpenText.title(result.window),
                    at: here,
                    variables: options.launchVariables(windowID: result.window.id)
                )
            {
                // A window only this open made is closed again, so that the next open starts
                // afresh rather than relaunching into the same failure.
                if result.outcome == .created {
                    _ = try? client.connection.call(
                        RawResult<WindowClose>.self,
                        WindowClose.Params(id: result.window.id)
                    )
                } else {
                    DaemonClient.reportLaunchEnded(
                        result.window.id,
                        reason: "could not start: " + failure,
                        options: options,
                        over: client.connection
                    )
                }
                Console.error(
                    "could not start \(ValueText.command(command)): \(failure); run it in a terminal yourself to present the window"
                )
                throw ExitCode.failure
            }
            if let line = OpenText.notPassedOn(result.notPassedOn) { Console.error(line) }
            client.show(reply) { [$0.window.id + " " + OpenText.outcome($0.outcome)] }
        }
    }
}
