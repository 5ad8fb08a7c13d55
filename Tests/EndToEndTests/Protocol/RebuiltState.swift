import TestSupport

/// What a subscriber knows of the daemon, rebuilt the way windowd-protocol(7) promises it can be: its
/// `events.subscribe` snapshot, then every event after it. Each step is checked against the state
/// it applies to, so a double count or a missed change shows where it happened.
struct RebuiltState {
    /// A window as the protocol shows it, minus `createdAt`.
    struct Window: Equatable, CustomStringConvertible {
        var group: String
        /// The value's JSON text.
        var value: String
        var phase: String
        var attached: Bool

        init(_ json: RawJSON) {
            group = json["group"]?.string ?? "?"
            value = json["value"]?.text ?? "?"
            phase = json["phase"]?.string ?? "?"
            attached = json["attached"]?.bool ?? false
        }

        var description: String { "\(group) \(value) \(phase)\(attached ? " attached" : "")" }
    }

    /// The daemon's own account, read after everything settled: `window.list`, `app.state`, `scene.phase`.
    struct Truth {
        var windows: [String: Window]
        var appState: String
        var aggregate: String
        var phases: [String: String]
    }

    /// The event types subscribed to; `nil` for all.
    let types: Set<String>?
    var windows: [String: Window] = [:]
    var appState: String
    var aggregate: String

    init(snapshot: RawJSON, types: Set<String>?) {
        self.types = types
        for window in snapshot["windows"]?.array ?? [] {
            windows[window["id"]?.string ?? "?"] = Window(window)
        }
        appState = Self.canonical(snapshot["state"])
        aggregate = snapshot["phase"]?.string ?? "?"
    }

    func covers(_ name: String) -> Bool { types?.contains(name) ?? true }
    var tracksWindows: Bool { covers("window.opened") && covers("window.closed") }
    var tracksPhases: Bool { tracksWindows && covers("window.phase") }

    /// Applies one event; returns what was wrong with it, if anything.
    mutating func apply(_ event: RawJSON) -> String? {
        let name = event["method"]?.string ?? "?"
        let params = event["params"]
        let id = params?["window"]?["id"]?.string ?? "?"
        let window = params?["window"].map(Window.init)
        switch name {
        case "window.opened":
            defer { windows[id] = window }
            if let known = windows[id] {
                return "window.opened \(id) (\(window!)), already known as \(known): counted twice"
            }
        case "window.closed":
            if windows.removeValue(forKey: id) == nil, tracksWindows {
                return "window.closed \(id), never known: its opening was missed"
            }
        case "window.phase":
            if windows[id] == nil, tracksWindows {
                return "window.phase \(id) (\(window!)), never known: its opening was missed"
            }
            windows[id] = window
        case "window.focus":
            if let known = windows[id] {
                if covers("window.phase"), known != window {
                    return "window.focus \(id) shows \(window!), the events so far \(known)"
                }
            } else if tracksWindows {
                return "window.focus \(id), never known"
            }
        case "scene.phase":
            let (phase, previous) = (params?["phase"]?.string ?? "?", params?["previous"]?.string ?? "?")
            defer { aggregate = phase }
            if previous != aggregate { return "scene.phase \(previous) → \(phase), but the aggregate was \(aggregate)" }
            if previous == phase { return "scene.phase \(previous) → \(phase) is no change" }
        case "app.state":
            let (state, previous) = (Self.canonical(params?["state"]), Self.canonical(params?["previous"]))
            defer { appState = state }
            if previous != appState { return "app.state \(previous) → \(state), but the state was \(appState)" }
            if !Self.isValidTransition(from: params?["previous"], to: params?["state"]) {
                return
                    "app.state \(previous) → \(state) is not in the app state's table (windowd-protocol(7), app.transition)"
            }
        case "daemon.reloaded", "daemon.restarted":
            break
        default:
            return "unexpected event \(event)"
        }
        return nil
    }

    /// Where this rebuilt state differs from the daemon's own account, within what its types cover.
    func differences(from truth: Truth) -> [String] {
        var found: [String] = []
        if tracksWindows {
            for (id, window) in truth.windows {
                guard let mine = windows[id] else {
                    found.append("missing window \(id) (\(window))")
                    continue
                }
                if tracksPhases ? mine != window : (mine.group, mine.value) != (window.group, window.value) {
                    found.append("window \(id) is \(mine), the daemon says \(window)")
                }
            }
            for (id, window) in windows where truth.windows[id] == nil {
                found.append("window \(id) (\(window)) is gone from the daemon")
            }
        }
        if covers("app.state"), appState != truth.appState {
            found.append("app state \(appState), the daemon says \(truth.appState)")
        }
        if covers("scene.phase"), aggregate != truth.aggregate {
            found.append("aggregate \(aggregate), the daemon says \(truth.aggregate)")
        }
        return found
    }

    /// An app state as one comparable string: `authenticated(user=alice)`.
    static func canonical(_ state: RawJSON?) -> String {
        guard let members = state?.members else { return state?.text ?? "none" }
        let kind = state?["state"]?.string ?? "?"
        let rest = members.filter { $0.key != "state" }.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" }
        return rest.isEmpty ? kind : kind + "(" + rest.joined(separator: ",") + ")"
    }

    /// The table of valid transitions (windowd-protocol(7), app.transition).
    static let validTransitions: [String: Set<String>] = [
        "loading": ["unauthenticated", "authenticated", "error"],
        "unauthenticated": ["onboarding", "authenticated", "error"],
        "onboarding": ["onboarding", "authenticated", "unauthenticated"],
        "authenticated": ["unauthenticated", "error"],
        "error": ["loading", "unauthenticated"],
    ]

    static func isValidTransition(from: RawJSON?, to: RawJSON?) -> Bool {
        guard let from = from?["state"]?.string, let to = to?["state"]?.string else { return false }
        return validTransitions[from]?.contains(to) ?? false
    }
}
