import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl login USER`: the same as `winctl transition authenticated USER`.
    struct Login: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "login",
            abstract: "Sign a user in (transition authenticated USER)."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The user to sign in.")
        var user: String

        func validate() throws {
            if user.isEmpty { throw ValidationError("the user name must not be empty") }
        }

        func run() throws {
            try TransitionRequest.perform(to: .authenticated(user: user), options: options)
        }
    }
}
