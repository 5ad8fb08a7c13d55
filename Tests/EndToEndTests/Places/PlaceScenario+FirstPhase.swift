import TestSupport
import Testing

/// A presenter attaches in the phase tmux shows (winctl(1), "attach"), `winctl attach`
/// (``PlacesTmuxTests``) and `winctl run` (``RunTerminalTests``) alike: each suite gives only the
/// argv that presents the value.
extension PlaceScenario {
    /// Starts `presenter` (an argv that presents `value`) in a new window of a tmux session that a
    /// client shows: behind the window shown (`new-window -d`) when `hidden`, else as the one
    /// shown. A subscriber sees it attach `background` and nothing more until it is shown, or
    /// attach `active` and nothing more. With `focusEventsOn`, tmux's `focus-events` is on from
    /// the start, as a user's tmux.conf may have it; else it is tmux's default, off, until the
    /// presenter turns it on (and tmux has noted no pane's focus until then).
    func expectFirstPhase(
        of value: String,
        presentedBy presenter: [String],
        hidden: Bool,
        focusEventsOn: Bool = true
    ) throws {
        let subscriber = try subscriber()
        let tmux = try TmuxSession(["sleep", "600"])
        let client = try tmux.attachClient()
        defer { _ = client.terminate(grace: .milliseconds(200)) }
        try tmux.waitForDisplay("#{session_attached}", "1")
        if focusEventsOn { try tmux.run(["set-option", "-s", "focus-events", "on"]) }

        try tmux.run(["new-window"] + (hidden ? ["-d"] : []) + presenter)
        try waitFor(value, phase: hidden ? "background" : "active")
        // Its hooks are the watch's (the question asked before the attach adds none): the place
        // has answered, and whatever the presenter made of it has been sent.
        try waitUntil("the presenter to watch its tmux window") {
            try tmux.run(["show-hooks", "-g"]).contains("wait-for -S windowd-visibility-")
        }
        let started = try told(subscriber, about: value)
        guard hidden else {
            #expect(started.phases == ["active"], "attached active, and nothing since")
            #expect(started.aggregates == ["active"])
            return
        }
        #expect(started.phases == ["background"], "attached background, and nothing since")
        #expect(started.aggregates == [], "the aggregate stayed background")

        try tmux.run(["select-window", "-t", ":1"])
        try waitFor(value, phase: "active")
        let shown = try told(subscriber, about: value)
        // Shown, it may be inactive for a moment (the place said so before the focus came).
        #expect(shown.phases.last == "active" && shown.aggregates.last == "active", "\(shown)")
    }
}
