package import WindowProtocol

/// Counts windows by phase, so the aggregate is known in O(1) after every change.
package struct PhaseTally: Sendable, Equatable {
    private var active = 0
    private var inactive = 0
    private var background = 0

    /// A tally of no windows, whose aggregate is `background`.
    package init() {}

    /// SwiftUI's App-level rule: `active` if any window is active, else `inactive` if any is,
    /// else `background` (also with no windows).
    package var aggregate: ScenePhase {
        if active > 0 { return .active }
        if inactive > 0 { return .inactive }
        return .background
    }

    /// The aggregate of `phases` by the same rule.
    package static func aggregate(of phases: some Sequence<ScenePhase>) -> ScenePhase {
        var tally = PhaseTally()
        for phase in phases { tally.add(phase) }
        return tally.aggregate
    }

    /// Counts one more window in `phase`.
    package mutating func add(_ phase: ScenePhase) { adjust(phase, by: 1) }

    /// Counts one window fewer in `phase`.
    package mutating func remove(_ phase: ScenePhase) { adjust(phase, by: -1) }

    private mutating func adjust(_ phase: ScenePhase, by delta: Int) {
        switch phase {
        case .active: active += delta
        case .inactive: inactive += delta
        case .background: background += delta
        }
    }
}
