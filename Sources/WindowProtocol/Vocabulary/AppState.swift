/// The daemon-wide app state (windowd-protocol(7), app.transition), in its JSON form
/// `{"state":"onboarding","step":"welcome"}`.
public enum AppState: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Starting up and restoring; held at least `app.minimum_loading_ms` (windowd-protocol(7), app.transition).
    case loading
    /// Signed out: `requires_auth` groups are refused (windowd-protocol(7), window.open).
    case unauthenticated
    /// Setting up, at one step; a step may move to another.
    case onboarding(OnboardingStep)
    /// Signed in as `user` (never empty).
    case authenticated(user: String)
    /// Failed for a `kind`; left by retrying (`loading`) or signing out (`unauthenticated`).
    case error(AppErrorKind)

    /// The `state` member: the case without its payload.
    public enum Kind: String, WireEnum {
        /// The names of the cases, as in windowd-protocol(7), app.transition.
        case loading, unauthenticated, onboarding, authenticated, error
    }

    /// The case without its payload.
    public var kind: Kind {
        switch self {
        case .loading: return .loading
        case .unauthenticated: return .unauthenticated
        case .onboarding: return .onboarding
        case .authenticated: return .authenticated
        case .error: return .error
        }
    }

    private enum CodingKeys: String, CodingKey { case state, step, user, error }

    /// Reads the `{"state":…}` form with the member its state needs (`step`, `user`, `error`);
    /// an unknown state or step names the valid ones, and an empty `user` is refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Kind.self, forKey: .state) {
        case .loading: self = .loading
        case .unauthenticated: self = .unauthenticated
        case .onboarding: self = .onboarding(try container.decode(OnboardingStep.self, forKey: .step))
        case .authenticated:
            let user = try container.decode(String.self, forKey: .user)
            guard !user.isEmpty else {
                throw DecodingError.dataCorruptedError(
                    forKey: .user,
                    in: container,
                    debugDescription: "must not be empty"
                )
            }
            self = .authenticated(user: user)
        case .error: self = .error(try container.decode(AppErrorKind.self, forKey: .error))
        }
    }

    /// Writes the `{"state":…}` form, with `step`, `user` or `error` only for the states that have one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .state)
        switch self {
        case .loading, .unauthenticated: break
        case .onboarding(let step): try container.encode(step, forKey: .step)
        case .authenticated(let user): try container.encode(user, forKey: .user)
        case .error(let kind): try container.encode(kind, forKey: .error)
        }
    }

    /// `loading`, `onboarding(welcome)`, `authenticated(alice)`, `error(sessionExpired)`; a user
    /// name that is not one plain word reads as its JSON literal (``JSONValue/word``), so that
    /// logs and messages never carry its control characters raw.
    public var description: String {
        switch self {
        case .loading: return "loading"
        case .unauthenticated: return "unauthenticated"
        case .onboarding(let step): return "onboarding(\(step.rawValue))"
        case .authenticated(let user): return "authenticated(\(JSONValue.string(user).word ?? ""))"
        case .error(let kind): return "error(\(kind.rawValue))"
        }
    }

    /// Whether the state is `authenticated`, whatever the user.
    public var isAuthenticated: Bool { kind == .authenticated }
}

/// The steps of onboarding.
public enum OnboardingStep: String, Sendable, Hashable, WireEnum {
    /// In the order a new user goes through them.
    case welcome, permissions, profileSetup, complete
}

/// The kinds of `error` state.
public enum AppErrorKind: String, Sendable, Hashable, WireEnum {
    /// The kinds as the wire names them; an expired session becomes `sessionExpired` (windowd-protocol(7), scene.setPhase).
    case networkUnavailable, sessionExpired, maintenanceMode
}
