/// `window.open`: open a window of a group for a value, or bring the existing one to front.
public enum WindowOpen: RPCMethod {
    /// The wire name.
    public static let name = "window.open"

    /// The group and the value that de-duplication compares (windowd-protocol(7), window.open).
    public struct Params: Codable, Sendable {
        /// The window group's id.
        public var group: String
        /// The value, typed by the group; absent or `null` for a `none` group.
        public var value: JSONValue?
        /// A string `value` as a file path, made absolute and normal against the opener's working
        /// directory (windowd-protocol(7), window.open): a group of value type `path` takes it
        /// instead of `value`, any other ignores it. Sent beside a string where it differs from
        /// it, so that the opener need not ask the group's type first.
        public var path: String?
        /// Where the opener is (winctl(1), Attached terminals): a new window is launched there. It only chooses
        /// where; what runs is always the group's own `command`.
        public var place: Place?
        /// The outcomes this client decodes besides `created`, `focused` and `relaunched`
        /// (`launching`, `detached`, `stopped`); absent for none, and then the daemon says `focused` for them.
        public var outcomes: [String]?
        /// What the opener asked of the window besides showing it (its arguments, as `vim +120`'s
        /// `+120`): its presenter receives them with `window.focus`, or with its attach when it is
        /// started for this open (windowd-protocol(7), window.open).
        public var request: [String]?
        /// Params opening `group` for `value` (`path`: its form as a file path), from an opener at
        /// `place`, decoding `outcomes` too, asking `request` of it.
        public init(
            group: String,
            value: JSONValue?,
            path: String? = nil,
            place: Place? = nil,
            outcomes: [String]? = nil,
            request: [String]? = nil
        ) {
            self.group = group
            self.value = value
            self.path = path
            self.place = place
            self.outcomes = outcomes
            self.request = request
        }
    }

    /// The reply: the window, what this call did, and what the opener must start.
    public struct Result: Codable, Sendable {
        /// The window opened or found.
        public var window: WindowInfo
        /// `false` when the window existed (brought to front or relaunched).
        public var created: Bool
        /// What happened: `created`, `focused`, `relaunched`, or (for a client that asked for
        /// them) `launching`, `detached` or `stopped`.
        public var outcome: OpenOutcome
        /// The argv (no shell) the opener's client starts in a new terminal window at its own place
        /// (winctl(1), Attached terminals) to present the window: the group's `command` from the daemon's config,
        /// `{id}` and `{value}` substituted. Absent when there is nothing for the opener to start:
        /// the window was brought to front, its group has no command, or the daemon started the
        /// group's `launch` override itself.
        public var command: [String]?
        /// The arguments of `request` that the window's program cannot take (its group's
        /// `requests` has no pattern for them, or nothing presents it now); absent for none.
        public var notPassedOn: [String]?
        /// A reply saying what `outcome` did to `window`, with the command to start, if any.
        public init(window: WindowInfo, outcome: OpenOutcome, command: [String]? = nil, notPassedOn: [String]? = nil) {
            self.window = window
            self.created = outcome == .created
            self.outcome = outcome
            self.command = command
            self.notPassedOn = notPassedOn
        }

        private enum CodingKeys: String, CodingKey {
            case window, created, outcome, command, notPassedOn
        }

        /// Decodes a reply; one from a windowd older than `outcome` (0.1.0) has `created` alone,
        /// which says `created` or `focused`.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            window = try container.decode(WindowInfo.self, forKey: .window)
            created = try container.decode(Bool.self, forKey: .created)
            outcome =
                try container.decodeIfPresent(OpenOutcome.self, forKey: .outcome) ?? (created ? .created : .focused)
            command = try container.decodeIfPresent([String].self, forKey: .command)
            notPassedOn = try container.decodeIfPresent([String].self, forKey: .notPassedOn)
        }
    }
}
