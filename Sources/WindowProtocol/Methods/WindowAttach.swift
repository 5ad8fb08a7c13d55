/// `window.attach`: make this connection the presenter of a window.
public enum WindowAttach: RPCMethod {
    /// The wire name.
    public static let name = "window.attach"

    /// Which window to present (by id, or by group and value) and how to take it.
    public struct Params: Codable, Sendable {
        /// The window's id; or give `group` (and `value`) to open or reuse one.
        public var id: String?
        /// The group to open or reuse a window of.
        public var group: String?
        /// The value to open or reuse a window for.
        public var value: JSONValue?
        /// The phase to start in; `active` when absent.
        public var phase: ScenePhase?
        /// Take the window over from its current presenter.
        public var takeover: Bool?
        /// Where the presenter's terminal is (winctl(1), Attached terminals), shown with the window.
        public var place: Place?
        /// Params for an attach; give `id`, or `group` with `value`.
        public init(
            id: String? = nil,
            group: String? = nil,
            value: JSONValue? = nil,
            phase: ScenePhase? = nil,
            takeover: Bool? = nil,
            place: Place? = nil
        ) {
            self.id = id
            self.group = group
            self.value = value
            self.phase = phase
            self.takeover = takeover
            self.place = place
        }
    }

    /// The reply: all a presenter needs to draw its first frame.
    public struct Result: Codable, Sendable {
        /// The window now presented.
        public var window: WindowInfo
        /// Its scene storage.
        public var storage: [String: JSONValue]
        /// The app state.
        public var state: AppState
        /// The aggregate phase.
        public var phase: ScenePhase
        /// What the open that started this presenter asked of the window (`window.open`'s
        /// `request`); absent for none.
        public var request: [String]?
        /// A reply for the window now presented.
        public init(
            window: WindowInfo,
            storage: [String: JSONValue],
            state: AppState,
            phase: ScenePhase,
            request: [String]? = nil
        ) {
            self.window = window
            self.storage = storage
            self.state = state
            self.phase = phase
            self.request = request
        }
    }
}
