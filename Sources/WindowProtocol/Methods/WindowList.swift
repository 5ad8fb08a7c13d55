/// `window.list`: the windows, oldest first, optionally of one group.
public enum WindowList: RPCMethod {
    /// The wire name.
    public static let name = "window.list"

    /// An optional group filter, and with it a value.
    public struct Params: Codable, Sendable {
        /// Only windows of this group.
        public var group: String?
        /// With `group`: only its window for this value (typed by the group, a path absolute and
        /// normal), none if there is none.
        public var value: JSONValue?
        /// Params listing every window, those of `group`, or its window for `value`.
        public init(group: String? = nil, value: JSONValue? = nil) {
            self.group = group
            self.value = value
        }
    }

    /// The reply; whole, whatever its size (windowd(8), Socket and access).
    public struct Result: Codable, Sendable {
        /// The windows, in creation order.
        public var windows: [WindowInfo]
        /// A reply holding `windows`.
        public init(windows: [WindowInfo]) { self.windows = windows }
    }
}
