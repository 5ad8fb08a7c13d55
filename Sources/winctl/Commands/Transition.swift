import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl transition STATE [ARG]`: move the app state machine, e.g. `transition onboarding welcome`.
    struct Transition: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "transition",
            abstract: "Change the app state, if the transition is valid.",
            discussion:
                "STATE is \(AppStateArgument.forms), e.g. 'transition onboarding welcome', 'transition error sessionExpired'."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "loading, unauthenticated, onboarding, authenticated or error.")
        var state: String

        @Argument(help: "The onboarding step, the user, or the error kind.")
        var argument: String?

        func validate() throws {
            _ = try AppStateArgument.parse(state, argument)
        }

        func run() throws {
            let target = try AppStateArgument.parse(state, argument)
            try TransitionRequest.perform(to: target, options: options)
        }
    }
}
