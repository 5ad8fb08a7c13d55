import Testing
import WindowEngine
import WindowProtocol

@Suite("App state machine")
struct AppStateMachineTests {
    /// One representative of each of the five states.
    static let states: [AppState] = [
        .loading, .unauthenticated, .onboarding(.welcome), .authenticated(user: "alice"), .error(.networkUnavailable),
    ]

    /// windowd-protocol(7), app.transition, written out as (from, to) kinds.
    static let allowed: Set<[AppState.Kind]> = [
        [.loading, .unauthenticated], [.loading, .authenticated], [.loading, .error],
        [.unauthenticated, .onboarding], [.unauthenticated, .authenticated], [.unauthenticated, .error],
        [.onboarding, .onboarding], [.onboarding, .authenticated], [.onboarding, .unauthenticated],
        [.authenticated, .unauthenticated], [.authenticated, .error],
        [.error, .loading], [.error, .unauthenticated],
    ]

    @Test("every one of the 25 pairs follows the transition table", arguments: states, states)
    func pair(from: AppState, to: AppState) {
        var machine = AppStateMachine(state: from)
        let expected = Self.allowed.contains([from.kind, to.kind])
        do {
            let change = try machine.transition(to: to)
            #expect(expected, "\(from) → \(to) was accepted but the table refuses it")
            #expect(change == AppStateEvent(state: to, previous: from))
            #expect(machine.state == to)
        } catch {
            #expect(!expected, "\(from) → \(to) was refused but the table allows it")
            #expect(error.reason == .invalidTransition)
            #expect(error.message.contains(from.description) && error.message.contains(to.description))
            #expect(machine.state == from, "a refused transition must leave the state unchanged")
        }
    }

    @Test("onboarding moves step to step")
    func onboardingSteps() throws {
        var machine = AppStateMachine(state: .unauthenticated)
        for step in OnboardingStep.allCases {
            _ = try machine.transition(to: .onboarding(step))
        }
        #expect(machine.state == .onboarding(.complete))
    }

    @Test("the JSON form of each state round-trips")
    func jsonForm() throws {
        let encoder = JSONEncoderFactory.sorted()
        #expect(try encoder.text(AppState.onboarding(.welcome)) == #"{"state":"onboarding","step":"welcome"}"#)
        #expect(try encoder.text(AppState.authenticated(user: "alice")) == #"{"state":"authenticated","user":"alice"}"#)
        #expect(try encoder.text(AppState.error(.sessionExpired)) == #"{"error":"sessionExpired","state":"error"}"#)
        #expect(try encoder.text(AppState.loading) == #"{"state":"loading"}"#)
    }
}
