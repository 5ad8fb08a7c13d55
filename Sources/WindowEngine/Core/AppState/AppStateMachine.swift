package import WindowProtocol

/// The app state and the one place its transitions are validated (windowd-protocol(7), app.transition).
package struct AppStateMachine: Sendable, Equatable {
    /// The current state; the daemon starts in `loading`.
    package private(set) var state: AppState

    /// A machine in `state`: `loading` at start, the handed-over state after a graceful restart.
    package init(state: AppState = .loading) {
        self.state = state
    }

    /// Whether the transition table (windowd-protocol(7), app.transition) allows `from → to`.
    package static func allows(from: AppState, to: AppState) -> Bool {
        switch (from, to) {
        case (.loading, .unauthenticated), (.loading, .authenticated), (.loading, .error):
            return true
        case (.unauthenticated, .onboarding), (.unauthenticated, .authenticated), (.unauthenticated, .error):
            return true
        case (.onboarding, .onboarding), (.onboarding, .authenticated), (.onboarding, .unauthenticated):
            return true
        case (.authenticated, .unauthenticated), (.authenticated, .error):
            return true
        case (.error, .loading), (.error, .unauthenticated):
            return true
        default:
            return false
        }
    }

    /// Moves to `next` if allowed; otherwise the state is unchanged and the refusal names both
    /// states. A user name is kept and passed to `validate_command`: it must hold no U+0000.
    package mutating func transition(to next: AppState) throws(Refusal) -> AppStateEvent {
        if case .authenticated(let user) = next { try KeptString.check(user, member: "user") }
        guard Self.allows(from: state, to: next) else {
            throw .refused(.invalidTransition, "invalid transition: \(state) → \(next)")
        }
        let change = AppStateEvent(state: next, previous: state)
        state = next
        return change
    }
}
