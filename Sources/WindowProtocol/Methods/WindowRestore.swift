/// `window.restore`: present again every detached window whose presenter is gone and whose
/// group starts one (windowd-protocol(7), window.restore; winctl(1), "restore").
public enum WindowRestore: RPCMethod {
    /// The wire name.
    public static let name = "window.restore"

    /// Which windows, and whether to start anything.
    public struct Params: Codable, Sendable {
        /// Only windows of these groups; absent or empty for every group.
        public var groups: [String]?
        /// Only windows of groups with `relaunch = "at-login"`.
        public var atLogin: Bool?
        /// Say what would come back, and start nothing.
        public var dryRun: Bool?
        /// Params restoring the windows of `groups` (every group when empty).
        public init(groups: [String]? = nil, atLogin: Bool? = nil, dryRun: Bool? = nil) {
            self.groups = groups
            self.atLogin = atLogin
            self.dryRun = dryRun
        }
    }

    /// The reply: one entry per detached window of those groups, least recently active first,
    /// as `window.open` answers for one (`relaunched`, with the `command` the client starts at
    /// the window's `lastPlace`; `launching`, `stopped`, `reattaching`; `detached`: nothing started).
    public struct Result: Codable, Sendable {
        /// The windows, in the order they come back: the most recently active last, in front.
        public var windows: [WindowOpen.Result]
        /// A reply holding `windows`.
        public init(windows: [WindowOpen.Result]) { self.windows = windows }
    }
}
