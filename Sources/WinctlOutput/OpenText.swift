import WindowClient
package import WindowProtocol

/// How `winctl open` words what it did, and the title of a window it starts.
package enum OpenText {
    /// `created`, `already open, brought to front`, `had no presenter, relaunched`, …
    package static func outcome(_ outcome: OpenOutcome) -> String {
        switch outcome {
        case .created: return "created"
        case .focused: return "already open, brought to front"
        case .relaunched: return "had no presenter, relaunched"
        case .launching: return "already open, its presenter is starting"
        case .detached: return "already open, no presenter (winctl attach presents it)"
        case .stopped: return "already open, stopped (Ctrl-Z) in its terminal: `fg` there continues it"
        case .reattaching: return "already open, its presenter has not attached again since windowd restarted"
        }
    }

    /// What `winctl run` does of a window an open found presented elsewhere: brings its terminal
    /// to front where the presenter cannot (stopped), and says so as `winctl open` does.
    package static func broughtToFront(_ window: WindowInfo, _ outcome: OpenOutcome, notPassedOn: [String]?) {
        OwnPlace.bringToFront(presenterOf: window, after: outcome)
        Console.output(window.id + " " + Self.outcome(outcome))
        if let line = Self.notPassedOn(notPassedOn) { Console.error(line) }
    }

    /// `not passed on: -d b.txt`, for standard error: what an open asked that does not reach
    /// the window's program (winctl(1), open); `nil` when all of it does.
    package static func notPassedOn(_ arguments: [String]?) -> String? {
        guard let arguments, !arguments.isEmpty else { return nil }
        return "not passed on: " + ValueText.command(arguments)
    }

    /// The title of a terminal window started for `window`: `detail 42`.
    package static func title(_ window: WindowInfo) -> String {
        [window.group, window.value.word].compactMap { $0 }.joined(separator: " ")
    }
}
