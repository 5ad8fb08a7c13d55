public import WindowProtocol

/// Learns a terminal's place from its environment (winctl(1), Attached terminals), purely: the one lookup
/// that needs the outside world, where a multiplexer's client runs, is injected.
///
/// ```swift
/// let place = PlaceDetector.detect(environment: environment, terminalPID: ProcessTable.terminalPID(of: getpid()))
/// ```
public struct PlaceDetector: Sendable {
    /// Where the client of a multiplexer runs: its environment and its terminal's pid.
    public struct Client: Sendable, Hashable {
        /// The client process's environment (`/proc/PID/environ`).
        public var environment: [String: String]
        /// The pid of the terminal emulator the client runs in, when known.
        public var terminalPID: Int32?

        /// A client with `environment`, in the terminal `terminalPID`.
        public init(environment: [String: String], terminalPID: Int32?) {
            self.environment = environment
            self.terminalPID = terminalPID
        }
    }

    /// Finds the client attached to a multiplexer place (a tmux pane's session), or `nil`.
    public var multiplexerClient: @Sendable (Place) -> Client?

    /// A detector that asks `multiplexerClient` where a multiplexer's client runs.
    public init(multiplexerClient: @escaping @Sendable (Place) -> Client? = { _ in nil }) {
        self.multiplexerClient = multiplexerClient
    }

    /// The detector of this machine: tmux's clients through `tmux list-clients` and `/proc`.
    public static let live = PlaceDetector(multiplexerClient: MultiplexerClientLookup.client(of:))

    /// The place of a terminal whose programs see `environment`, the terminal emulator being
    /// process `terminalPID` when known; tmux's outer place is found through its client.
    public static func detect(environment: [String: String], terminalPID: Int32?) -> Place {
        live.detect(environment: environment, terminalPID: terminalPID)
    }

    /// The place of a terminal whose programs see `environment`, in the terminal emulator
    /// `terminalPID` when known.
    public func detect(environment: [String: String], terminalPID: Int32?) -> Place {
        detect(environment, terminalPID: terminalPID, depth: 1)
    }

    private func detect(_ environment: [String: String], terminalPID: Int32?, depth: Int) -> Place {
        // Multiplexers first: their panes also inherit the variables of the terminal they started in.
        if let place = EnvironmentPlace.multiplexer(environment) {
            var place = place
            place.outer = outer(of: place, environment: environment, terminalPID: terminalPID, depth: depth)
            return place
        }
        if var place = EnvironmentPlace.graphicalTerminal(environment) {
            place.outer = EnvironmentPlace.windowManager(environment, terminalPID: terminalPID)
            return place
        }
        return EnvironmentPlace.windowManager(environment, terminalPID: terminalPID)
            ?? Place(kind: .terminal, pid: terminalPID)
    }

    /// Where the multiplexer place `place` is shown: tmux's attached client's place when the
    /// lookup finds one; for the others, the place their environment still names.
    private func outer(of place: Place, environment: [String: String], terminalPID: Int32?, depth: Int) -> Place? {
        guard depth < Place.maximumDepth else { return nil }
        let found: Place
        if let client = multiplexerClient(place) {
            found = detect(client.environment, terminalPID: client.terminalPID, depth: depth + 1)
        } else if place.kind == .tmux {
            // A tmux pane's variables are those of whoever started the server: no client, no outer place.
            return nil
        } else {
            // The pid a pane's process sees as its terminal is the multiplexer's server: no use outside.
            found = detect(
                EnvironmentPlace.removingMultiplexer(place.kind, from: environment),
                terminalPID: nil,
                depth: depth + 1
            )
        }
        return found.kind == .terminal ? nil : found
    }
}
