package import WindowProtocol

/// What a connection asks for when it becomes a window's presenter.
package struct AttachRequest: Sendable, Equatable {
    /// The window to present.
    package enum Target: Sendable, Equatable {
        /// An existing window, by its id as the client wrote it.
        case id(String)
        /// The window of a group with a value, opened if there is none (without its launch command).
        case value(group: String, value: JSONValue?)
    }

    /// The window to present.
    package var target: Target
    /// The window's phase once attached.
    package var phase: ScenePhase
    /// Whether to replace a presenter the window already has.
    package var takeover: Bool
    /// Where the presenter's terminal is, if it said.
    package var place: Place?
    /// The process attaching, when the server knows it.
    package var process: PresenterProcess?
    /// The host it attaches from; `nil` for this one.
    package var host: String?

    /// A request for `target`, attached `active` by default (the terminal that just ran the command is in front).
    package init(target: Target, phase: ScenePhase = .active, takeover: Bool = false, place: Place? = nil) {
        self.target = target
        self.phase = phase
        self.takeover = takeover
        self.place = place
    }
}
