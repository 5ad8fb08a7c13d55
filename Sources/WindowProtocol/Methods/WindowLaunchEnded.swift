/// `window.launchEnded`: the opener's client could not start the `command` a `window.open`
/// returned (no place to open a terminal window, the place's program failed): the daemon stops
/// waiting for that presenter, so the next open starts it again, and tells subscribers
/// (`window.launchFailed`).
public enum WindowLaunchEnded: RPCMethod {
    /// The wire name.
    public static let name = "window.launchEnded"

    /// The window whose launch ended, and why.
    public struct Params: Codable, Sendable {
        /// The window's id, as `window.open` returned it.
        public var id: String
        /// Why the launch ended, for the event and the log: `could not start: …`.
        public var reason: String
        /// Params saying that the launch for window `id` ended for `reason`.
        public init(id: String, reason: String) {
            self.id = id
            self.reason = reason
        }
    }

    /// The window, as it is now.
    public typealias Result = WindowResult
}
