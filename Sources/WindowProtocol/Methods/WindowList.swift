/// `window.list`: the windows, oldest first, optionally of one group.
public enum WindowList: RPCMethod {
    /// The wire name.
    public static let name = "window.list"

    /// An optional group filter.
    public struct Params: Codable, Sendable {
        /// Only windows of this group.
        public var group: String?
        /// Params listing every window, or those of `group`.
        public init(group: String? = nil) { self.group = group }
    }

    /// The reply; whole, whatever its size (windowd(8), Socket and access).
    public struct Result: Codable, Sendable {
        /// The windows, in creation order.
        public var windows: [WindowInfo]
        /// A reply holding `windows`.
        public init(windows: [WindowInfo]) { self.windows = windows }
    }
}
