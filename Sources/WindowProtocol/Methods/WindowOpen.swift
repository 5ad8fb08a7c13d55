/// `window.open`: open a window of a group for a value, or bring the existing one to front.
public enum WindowOpen: RPCMethod {
    /// The wire name.
    public static let name = "window.open"

    /// The group and the value that de-duplication compares (SPEC section 2).
    public struct Params: Codable, Sendable {
        /// The window group's id.
        public var group: String
        /// The value, typed by the group; absent or `null` for a `none` group.
        public var value: JSONValue?
        /// Params opening `group` for `value`.
        public init(group: String, value: JSONValue?) {
            self.group = group
            self.value = value
        }
    }

    /// The reply: the window, and whether this call made it.
    public struct Result: Codable, Sendable {
        /// The window opened or found.
        public var window: WindowInfo
        /// `false` when an existing window was brought to front instead.
        public var created: Bool
        /// A reply for a window opened (`created`) or brought to front.
        public init(window: WindowInfo, created: Bool) {
            self.window = window
            self.created = created
        }
    }
}
