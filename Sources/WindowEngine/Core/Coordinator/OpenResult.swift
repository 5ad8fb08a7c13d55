package import WindowProtocol

/// What ``SceneCoordinator/open(group:value:path:now:launch:ids:effects:)`` did, and what the opener
/// must start to show the window.
package struct OpenResult: Sendable, Equatable {
    /// The window made or found.
    package var window: Window
    /// Made, brought to front, or relaunched.
    package var outcome: OpenOutcome
    /// The group's `command` for this window, substituted, for the opener to start at its place
    /// (winctl(1), Attached terminals); empty when there is nothing for the opener to start: the window was
    /// brought to front, the group has no command, or the daemon starts its `launch` override.
    package var command: [String]

    /// A result of `outcome` for `window`, with the command the opener starts.
    package init(window: Window, outcome: OpenOutcome, command: [String] = []) {
        self.window = window
        self.outcome = outcome
        self.command = command
    }

    /// Whether a new window was registered.
    package var created: Bool { outcome == .created }
}
