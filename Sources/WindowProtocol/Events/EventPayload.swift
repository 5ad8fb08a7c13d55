/// The payload of a one-window event (`window.opened`, `window.closed`, `window.phase`,
/// `window.focus`, `window.dismiss`, `window.launchFailed`) as it goes out: an event never
/// repeats a long value to every subscriber (windowd-protocol(7), Events), so the window's
/// `value` is left out when it is longer than ``longValue`` UTF-8 bytes; a client keeps the
/// value it has by id (from the `events.subscribe` snapshot or `window.list`).
package struct EventPayload: Encodable {
    package var window: EventWindow
    package var command: [String]?
    package var reason: String?
    /// `window.focus`'s `request`, to the presenter only.
    package var request: [String]?

    /// The longest value, in UTF-8 bytes of its string, that an event carries.
    package static let longValue = 1_024

    /// Whether an event leaves `value` out: a string longer than ``longValue`` UTF-8 bytes.
    package static func leavesOut(_ value: JSONValue) -> Bool {
        if case .string(let text) = value { text.utf8.count > longValue } else { false }
    }

    package init(_ window: WindowInfo, command: [String]? = nil, reason: String? = nil, request: [String]? = nil) {
        self.window = EventWindow(info: window)
        self.command = command
        self.reason = reason
        self.request = request
    }

    /// ``WindowInfo``'s members, `value` left out when it is long.
    package struct EventWindow: Encodable {
        package let info: WindowInfo

        private enum CodingKeys: String, CodingKey {
            case id, group, value, phase, attached, createdAt, place, pid, lastPlace, lastActiveAt
        }

        package func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(info.id, forKey: .id)
            try container.encode(info.group, forKey: .group)
            if !EventPayload.leavesOut(info.value) { try container.encode(info.value, forKey: .value) }
            try container.encode(info.phase, forKey: .phase)
            try container.encode(info.attached, forKey: .attached)
            try container.encode(info.createdAt, forKey: .createdAt)
            try container.encodeIfPresent(info.place, forKey: .place)
            try container.encodeIfPresent(info.pid, forKey: .pid)
            try container.encodeIfPresent(info.lastPlace, forKey: .lastPlace)
            try container.encodeIfPresent(info.lastActiveAt, forKey: .lastActiveAt)
        }
    }
}
