/// `window.open`: open a window of a group for a value, or bring the existing one to front.
public enum WindowOpen: RPCMethod {
    public static let name = "window.open"

    public struct Params: Codable, Sendable {
        /// The window group's id.
        public var group: String
        /// The value, typed by the group; absent or `null` for a `none` group.
        public var value: JSONValue?
        public init(group: String, value: JSONValue?) {
            self.group = group
            self.value = value
        }
    }

    public struct Result: Codable, Sendable {
        /// The window opened or found.
        public var window: WindowInfo
        /// `false` when an existing window was brought to front instead.
        public var created: Bool
        public init(window: WindowInfo, created: Bool) {
            self.window = window
            self.created = created
        }
    }
}
