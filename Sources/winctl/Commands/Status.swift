import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl status`: the daemon's version, uptime, windows, clients, phase and state.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show the daemon's status."
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let socket = options.socketPath
            try DaemonClient(options).perform(DaemonStatus.self, NoParams()) { result in
                Table(
                    header: [],
                    rows: [
                        ["socket", socket],
                        ["version", result.version],
                        ["uptime", DurationText.seconds(result.uptime)],
                        ["windows", "\(result.windows) (\(result.attached) attached)"],
                        ["clients", String(result.clients)],
                        ["phase", result.phase.rawValue],
                        ["state", result.state.description],
                    ]
                ).lines
            }
        }
    }
}
