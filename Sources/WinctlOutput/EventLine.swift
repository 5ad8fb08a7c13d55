package import WindowProtocol

/// The one-line human form of an event: `#3 window.opened 3f2a… detail 42`.
package enum EventLine {
    /// `#seq name` and what the event says, in words.
    package static func render(_ event: EventMessage) -> String {
        let detail = self.detail(event)
        return "#\(event.seq) \(event.name)" + (detail.isEmpty ? "" : " " + detail)
    }

    private static func detail(_ event: EventMessage) -> String {
        let params = event.params
        switch EventName(rawValue: event.name) {
        case .windowOpened?, .windowClosed?, .windowFocus?:
            if let window = params["window"]?.decoded(as: WindowInfo.self) {
                return ValueText.window(window)
            }
        case .windowPhase?:
            if let window = params["window"]?.decoded(as: WindowInfo.self) {
                return ValueText.window(window) + " " + window.phase.rawValue
            }
        case .windowLaunchFailed?:
            if let failure = JSONValue.object(params).decoded(as: WindowLaunchFailedEvent.self) {
                return ValueText.window(failure.window) + ": " + failure.reason
            }
        case .windowDismiss?:
            if let window = params["window"]?.decoded(as: WindowInfo.self),
                let reason = params["reason"]?.decoded(as: DismissReason.self)
            {
                return ValueText.window(window) + " " + reason.rawValue
            }
        case .scenePhase?:
            if let phase = params["phase"]?.decoded(as: ScenePhase.self),
                let previous = params["previous"]?.decoded(as: ScenePhase.self)
            {
                return "\(previous.rawValue) → \(phase.rawValue)"
            }
        case .appState?:
            if let state = params["state"]?.decoded(as: AppState.self),
                let previous = params["previous"]?.decoded(as: AppState.self)
            {
                return "\(previous) → \(state)"
            }
        case .daemonRestarted?:
            if case .bool(let resync)? = params["resync"] {
                return resync ? "resync" : ""
            }
        case .daemonStopping?, .daemonReloaded?:
            return ""
        case nil:
            break
        }
        // An event this winctl does not know, or one it cannot read: show its params as JSON.
        var rest = params
        rest["seq"] = nil
        return rest.isEmpty ? "" : JSONValue.object(rest).jsonText
    }
}
