import ArgumentParser
import WinctlOutput
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl watch`: subscribe to the daemon's events and print each as it comes, until interrupted.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Print the daemon's events as they come, until interrupted.",
            discussion: """
                Human output is one line per event, '#SEQ NAME DETAIL', after a line with the state \
                the events start from; with --json each event is printed as the JSON line it came as. \
                Exits 69 when the daemon closes the connection.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Option(
            name: .customLong("type"),
            help: ArgumentHelp("Only events of this name (repeatable), e.g. window.opened.", valueName: "event")
        )
        var types: [String] = []

        func validate() throws {
            let known = Set(EventName.allCases.map(\.rawValue))
            if let unknown = types.first(where: { !known.contains($0) }) {
                throw ValidationError(
                    "unknown event '\(unknown)': use \(EventName.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
        }

        func run() throws {
            let client = try DaemonClient(options)
            var sequence = EventSequence(after: try subscribe(client))
            while true {
                let (event, line) = try client.nextEvent(checking: &sequence)
                if options.json {
                    Console.output(bytes: line)
                } else {
                    Console.output(EventLine.render(event))
                }
                if event.name == EventName.daemonRestarted.rawValue, case .bool(true)? = event.params["resync"] {
                    // The daemon lost this connection's subscription: take it out again.
                    sequence = EventSequence(after: try subscribe(client))
                }
            }
        }

        /// Subscribes and, in human mode, prints the state the events start from; returns the starting `seq`.
        private func subscribe(_ client: DaemonClient) throws(ExitCode) -> UInt64 {
            let reply = try client.call(
                EventsSubscribe.self,
                EventsSubscribe.Params(types: types.isEmpty ? nil : types)
            )
            let snapshot = reply.result.snapshot
            if !options.json {
                let count = snapshot.windows.count
                Console.output(
                    "watching windowd at \(client.connection.socket.path): \(snapshot.state), phase \(snapshot.phase.rawValue), \(count) window\(count == 1 ? "" : "s")"
                )
            }
            return reply.result.seq
        }
    }
}
