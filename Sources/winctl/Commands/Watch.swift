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
                When the daemon drops the connection (a watcher too slow for its outbound limits), \
                watch connects and subscribes again at once and prints the state line again; it exits \
                69 when the daemon cannot be reached.
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
            var client = try DaemonClient(options)
            var values: [String: JSONValue] = [:]
            var sequence = EventSequence(after: try subscribe(client, values: &values))
            var stopping = false
            while true {
                guard let (event, line) = try client.nextEvent(checking: &sequence) else {
                    // Dropped (windowd-protocol(7), "EVENTS"): connect and subscribe again at
                    // once, taking the snapshot; a daemon that said it stops is not started
                    // again by a connection (socket activation).
                    if stopping { throw client.failure(.disconnected(path: client.connection.socket.path)) }
                    client = try DaemonClient(options)
                    sequence = EventSequence(after: try subscribe(client, values: &values))
                    continue
                }
                stopping = event.name == EventName.daemonStopping.rawValue
                if options.json {
                    Console.output(bytes: line)
                } else {
                    Console.output(EventLine.render(Self.keepingValue(event, in: &values)))
                }
                if event.name == EventName.daemonRestarted.rawValue, case .bool(true)? = event.params["resync"] {
                    // The daemon lost this connection's subscription: take it out again.
                    sequence = EventSequence(after: try subscribe(client, values: &values))
                }
            }
        }

        /// `event` with its window's value as `values` holds it where the event left a long
        /// value out; `values` follows the windows' values as events show them.
        static func keepingValue(_ event: EventMessage, in values: inout [String: JSONValue]) -> EventMessage {
            let kept = event.keepingValue { values[$0] }
            if case .object(let window)? = kept.params["window"], case .string(let id)? = window["id"] {
                values[id] = event.name == EventName.windowClosed.rawValue ? nil : window["value"]
            }
            return kept
        }

        /// Subscribes and, in human mode, prints the state the events start from; returns the starting `seq`.
        private func subscribe(_ client: DaemonClient, values: inout [String: JSONValue]) throws(ExitCode) -> UInt64 {
            let reply = try client.call(
                EventsSubscribe.self,
                EventsSubscribe.Params(types: types.isEmpty ? nil : types)
            )
            let snapshot = reply.result.snapshot
            values = Dictionary(snapshot.windows.map { ($0.id, $0.value) }, uniquingKeysWith: { _, last in last })
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
