import ArgumentParser
import WinctlOutput

/// What a command group does when run without one of its subcommands: help on standard error, status 64.
enum MissingCommand {
    /// Prints the help of `command` to standard error and returns the usage exit status.
    static func report(_ command: any ParsableCommand.Type) -> ExitCode {
        Console.error("missing command\n\n" + Winctl.helpMessage(for: command))
        return ExitStatus.usage
    }
}
