import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl logout`: the same as `winctl transition unauthenticated`.
    struct Logout: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Sign out (transition unauthenticated)."
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try TransitionRequest.perform(to: .unauthenticated, options: options)
        }
    }
}
