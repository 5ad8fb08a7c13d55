import ArgumentParser
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
                here: a tmux or screen window of this session, a kitty window, a new terminal emulator window.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window group's id.")
        var group: String

        @Argument(help: "The value to open the window for; omit it for a group of value type none.")
        var value: String?

        func run() throws {
            let here = OwnPlace.detect(outer: false)
            let client = try DaemonClient(options)
            // The value as typed, and as a file made absolute here: the daemon takes the one its
            // group's type needs, so that one round trip does (windowd-protocol(7), window.open).
            let params = WindowOpen.Params(
                group: group,
                value: value.map(JSONValue.string),
                path: value.map { NormalPath.of($0) },
                place: here,
                outcomes: OpenOutcome.added
            )
            let result = try client.perform(WindowOpen.self, params) { result in
                [result.window.id + " " + OpenText.outcome(result.outcome)]
            }
            OwnPlace.bringToFront(presenterOf: result.window, after: result.outcome)
            guard let command = result.command else { return }
            let variables = options.launchVariables(windowID: result.window.id)
            if let failure = OwnPlace.launch(
                command,
                title: OpenText.title(result.window),
                at: here,
                variables: variables
            ) {
                DaemonClient.reportLaunchEnded(
                    result.window.id,
                    reason: "could not start: " + failure,
                    options: options,
                    over: client.connection
                )
                Console.error(
                    "could not start \(ValueText.command(command)): \(failure); run it in a terminal yourself to present the window"
                )
            }
        }
    }
}

extension Winctl.Open: PlainValuesCommand {
    static let valueCount = 1...2

    init(options: GlobalOptions, values: [String]) {
        self.init()
        self.options = options
        group = values[0]
        value = values.count > 1 ? values[1] : nil
    }
}
