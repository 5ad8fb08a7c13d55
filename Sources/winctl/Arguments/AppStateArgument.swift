import ArgumentParser
import WindowProtocol

/// Reads an app state as the command line spells it: `loading`, `onboarding welcome`,
/// `authenticated alice`, `error sessionExpired`, or the same as `authenticated(alice)`.
enum AppStateArgument {
    /// The usage line naming every state and what it takes.
    static let forms = "loading, unauthenticated, onboarding STEP, authenticated USER or error KIND"

    /// The state `name` with its `argument`; a `ValidationError` naming what was wrong otherwise.
    static func parse(_ name: String, _ argument: String?) throws(ValidationError) -> AppState {
        var name = name
        var argument = argument
        // `authenticated(alice)`, as `winctl state` prints it.
        if argument == nil, let open = name.firstIndex(of: "("), name.hasSuffix(")") {
            argument = String(name[name.index(after: open)..<name.index(before: name.endIndex)])
            name = String(name[..<open])
        }
        guard let kind = AppState.Kind(rawValue: name) else {
            throw ValidationError("unknown state '\(name)': use \(forms)")
        }
        switch kind {
        case .loading, .unauthenticated:
            if let argument {
                throw ValidationError("\(name) takes no argument, got '\(argument)'")
            }
            return kind == .loading ? .loading : .unauthenticated
        case .onboarding:
            let steps = words(OnboardingStep.allCases.map(\.rawValue))
            guard let argument else { throw ValidationError("onboarding needs a step: \(steps)") }
            guard let step = OnboardingStep(rawValue: argument) else {
                throw ValidationError("unknown onboarding step '\(argument)': use \(steps)")
            }
            return .onboarding(step)
        case .authenticated:
            guard let argument, !argument.isEmpty else { throw ValidationError("authenticated needs a user name") }
            return .authenticated(user: argument)
        case .error:
            let kinds = words(AppErrorKind.allCases.map(\.rawValue))
            guard let argument else { throw ValidationError("error needs a kind: \(kinds)") }
            guard let errorKind = AppErrorKind(rawValue: argument) else {
                throw ValidationError("unknown error kind '\(argument)': use \(kinds)")
            }
            return .error(errorKind)
        }
    }

    /// `a, b, c or d`.
    private static func words(_ items: [String]) -> String {
        guard items.count > 1 else { return items.joined() }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }
}
