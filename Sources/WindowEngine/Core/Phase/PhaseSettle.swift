package import WindowProtocol

/// The aggregate phase as announced (windowd-protocol(7), scene.setPhase): it moves **up** at once, and **down** only
/// after the lower value has held for the settle time, so that focus moving from one of the
/// app's windows to another (a focus-out, then a focus-in) is not the app going inactive.
///
/// Pure: the windows' own aggregate and the time come in as arguments; what to announce comes
/// out. The driver calls ``observe(_:now:)`` after every change and ``settle(_:now:)`` once
/// ``deadline`` has passed.
///
/// ```swift
/// var settle = PhaseSettle(seconds: 0.15)
/// settle.observe(.active, now: 0)        // announced at once: background → active
/// settle.observe(.inactive, now: 1)      // nil: held back until 1.15
/// settle.observe(.active, now: 1.05)     // nil: undone in time, nothing to announce
/// ```
package struct PhaseSettle: Sendable, Equatable {
    /// The aggregate as last announced: what events, reactions and queries report.
    package private(set) var announced: ScenePhase
    /// When a lower aggregate, held since it fell, is announced; `nil` when none waits.
    package private(set) var deadline: Double?
    /// How long a lower aggregate must hold before it is announced (`app.phase_settle_ms`).
    package var seconds: Double

    /// Nothing announced yet but `announced` (`background`: no windows, or restored ones).
    package init(seconds: Double, announced: ScenePhase = .background) {
        self.seconds = seconds
        self.announced = announced
    }

    /// The windows' aggregate is `current` at `now`: the change to announce now, if any.
    /// Up is announced at once; down starts (or keeps) the wait; back to the announced value
    /// cancels the wait.
    package mutating func observe(_ current: ScenePhase, now: Double) -> ScenePhaseEvent? {
        if current == announced {
            deadline = nil
            return nil
        }
        if Self.rank(current) > Self.rank(announced) || seconds <= 0 {
            return announce(current)
        }
        if deadline == nil { deadline = now + seconds }
        return nil
    }

    /// Time has reached `now`, with the windows' aggregate `current`: once the deadline has
    /// passed, the lower value that held is announced.
    package mutating func settle(_ current: ScenePhase, now: Double) -> ScenePhaseEvent? {
        guard let deadline, now >= deadline else { return nil }
        self.deadline = nil
        guard current != announced else { return nil }
        return announce(current)
    }

    /// Takes `current` as announced without an event: the clients already know it (a
    /// presenter handed over by a graceful restart).
    package mutating func adopt(_ current: ScenePhase) {
        announced = current
        deadline = nil
    }

    private mutating func announce(_ phase: ScenePhase) -> ScenePhaseEvent {
        let change = ScenePhaseEvent(phase: phase, previous: announced)
        announced = phase
        deadline = nil
        return change
    }

    /// `active` above `inactive` above `background`, as SwiftUI's App-level phase ranks them.
    private static func rank(_ phase: ScenePhase) -> Int {
        switch phase {
        case .active: return 2
        case .inactive: return 1
        case .background: return 0
        }
    }
}
