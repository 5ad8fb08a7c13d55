/// `window.list`: the windows, oldest first, optionally of one group.
public enum WindowList: RPCMethod {
    public static let name = "window.list"

    public struct Params: Codable, Sendable {
        /// Only windows of this group.
        public var group: String?
        public init(group: String? = nil) { self.group = group }
    }

    public struct Result: Codable, Sendable {
        /// The windows, in creation order.
        public var windows: [WindowInfo]
        public init(windows: [WindowInfo]) { self.windows = windows }
    }
}
