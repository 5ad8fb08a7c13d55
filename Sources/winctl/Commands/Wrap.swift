import ArgumentParser
import POSIXSupport
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl wrap GROUP -- COMMAND [ARG ...]`: `run` of the file among COMMAND's arguments.
    struct Wrap: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "wrap",
            abstract: "Run a command as the window of the file among its arguments; what winctl init's functions call.",
            discussion: """
                The file is found as the command reads its arguments: the first that is no option, \
                no argument of an option the group's options_with_argument names, and no +N; with \
                it, this is winctl run GROUP FILE -- COMMAND ARG .... Without one (options only, - \
                for standard input) the command runs as it is; a group of value type none runs it \
                as its one window.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window group's id.")
        var group: String

        @Argument(
            parsing: .postTerminator,
            help: ArgumentHelp("The command and its arguments, after --.", valueName: "command")
        )
        var command: [String] = []

        func validate() throws {
            if command.isEmpty || command[0].isEmpty {
                throw ValidationError("give the command after --: winctl wrap \(group) -- COMMAND [ARG ...]")
            }
        }

        func run() throws {
            // run's every property set, as ArgumentParser requires of one made by hand.
            var run = Run()
            run.options = options
            run.keep = false
            run.group = group
            run.value = nil
            run.program = command
            try run.start(asking: true) { groups, before in
                guard let declared = groups.first(where: { $0.id == group }) else {
                    try run.runAlone(because: "windowd at \(options.socketPath) has no group '\(group)'", before)
                }
                if declared.valueType == "none" { return nil }
                let options = declared.wraps?.optionsWithArgument ?? []
                guard let file = WrappedFile.find(in: command.dropFirst(), optionsWithArgument: options) else {
                    try run.runAlone(because: nil, before, quietly: true)
                }
                try run.refuseBytes(file, before)
                return DaemonClient.value(file, of: group, in: groups)
            }
        }
    }
}
