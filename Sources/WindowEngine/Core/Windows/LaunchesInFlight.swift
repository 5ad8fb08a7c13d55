/// The presenters started and not yet come (windowd-protocol(7), `window.open`): a launch is in
/// flight from its start until its process attaches as the window's presenter, ends, or has been
/// waited for as long as `app.launch_timeout_ms` says. While it is, an `open` of its window
/// starts nothing more and says `launching`.
///
/// Pure: time is an argument. ``nextDeadline`` is when the oldest wait runs out, and
/// ``expire(at:)`` forgets the launches whose wait has, as the coordinator's clock reaches them.
package struct LaunchesInFlight: Sendable {
    /// Who started a launch: the daemon (a group's `launch` override, bounded per app) or the
    /// opener's client (the group's `command`, started at its place).
    package enum Starter: Sendable, Equatable {
        case daemon, opener
    }

    /// One launch waited for.
    package struct Launch: Sendable, Equatable {
        /// Who started it.
        package var starter: Starter
        /// When the wait for it ends, in the coordinator's clock.
        package var deadline: Double
        /// What the last open asked of the window, for its presenter's attach.
        package var request: [String]?
    }

    /// The launches in flight, by window.
    package private(set) var launches: [WindowID: Launch] = [:]
    /// How many of them the daemon started: the bound applies to these.
    package private(set) var startedByDaemon = 0
    /// Every deadline noted, earliest first at the root; an entry whose launch has ended or been
    /// started again since is dropped when it comes up.
    private var deadlines = DeadlineHeap()

    /// No launch in flight.
    package init() {}

    /// Whether a launch for `window` is in flight.
    package func isInFlight(_ window: WindowID) -> Bool {
        launches[window] != nil
    }

    /// Keeps `request` for the presenter of `window`'s launch in flight, in place of any before.
    package mutating func ask(_ window: WindowID, _ request: [String]?) {
        if request != nil { launches[window]?.request = request }
    }

    /// The number of launches in flight.
    package var count: Int { launches.count }

    /// Notes a launch for `window` started by `starter` at `now`, waited for until `now + timeout`;
    /// one already in flight for it is replaced.
    package mutating func begin(_ window: WindowID, by starter: Starter, now: Double, timeout: Double) {
        end(window)
        let launch = Launch(starter: starter, deadline: now + timeout)
        launches[window] = launch
        if starter == .daemon { startedByDaemon += 1 }
        deadlines.push(launch.deadline, window)
    }

    /// The launch for `window` is over (its presenter attached, its process ended, or its
    /// opener said it could not start it); what it was, if it was in flight.
    @discardableResult
    package mutating func end(_ window: WindowID) -> Launch? {
        guard let ended = launches.removeValue(forKey: window) else { return nil }
        if ended.starter == .daemon { startedByDaemon -= 1 }
        dropEndedDeadlines()
        return ended
    }

    /// The earliest time a wait runs out; `nil` while nothing is in flight.
    package var nextDeadline: Double? { deadlines.first?.deadline }

    /// Forgets every launch whose wait has run out at `now`; the windows, in the order they ran out.
    package mutating func expire(at now: Double) -> [WindowID] {
        var expired: [WindowID] = []
        while let (deadline, window) = deadlines.first, deadline <= now {
            _ = deadlines.pop()
            guard launches[window]?.deadline == deadline, end(window) != nil else { continue }
            expired.append(window)
        }
        return expired
    }

    /// Forgets the launches of windows that `exists` no longer finds (a failed commit took the
    /// window back, and with it the launch that was to start).
    package mutating func keep(where exists: (WindowID) -> Bool) {
        for window in launches.keys where !exists(window) { end(window) }
    }

    /// Pops deadlines of launches that ended or were started again, so that the root is live.
    private mutating func dropEndedDeadlines() {
        while let (deadline, window) = deadlines.first, launches[window]?.deadline != deadline {
            _ = deadlines.pop()
        }
    }
}

/// A binary min-heap of (deadline, window): the launches' waits, earliest at the root.
private struct DeadlineHeap: Sendable {
    private var entries: [(deadline: Double, window: WindowID)] = []

    var first: (deadline: Double, window: WindowID)? { entries.first }

    mutating func push(_ deadline: Double, _ window: WindowID) {
        entries.append((deadline, window))
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].deadline < entries[parent].deadline else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> (deadline: Double, window: WindowID)? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let root = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < entries.count, entries[left].deadline < entries[smallest].deadline { smallest = left }
            if right < entries.count, entries[right].deadline < entries[smallest].deadline { smallest = right }
            guard smallest != parent else { break }
            entries.swapAt(parent, smallest)
            parent = smallest
        }
        return root
    }
}
