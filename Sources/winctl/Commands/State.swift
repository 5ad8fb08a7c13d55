import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl state`: the app state, e.g. `authenticated(alice)`.
    struct State: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "state",
            abstract: "Show the app state, e.g. authenticated(alice)."
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try DaemonClient(options).perform(AppStateQuery.self, NoParams()) { result in
                [result.state.description]
            }
        }
    }
}
