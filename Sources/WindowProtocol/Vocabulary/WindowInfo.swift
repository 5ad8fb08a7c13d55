/// A window as the wire shows it.
public struct WindowInfo: Sendable, Hashable, Codable {
    /// Lower-case UUID.
    public var id: String
    /// The window group's id.
    public var group: String
    /// `null`, an integer or a string, typed by the group. An event may leave out a value over
    /// 1024 bytes (windowd-protocol(7), "Events"): it reads as `null`, and a client takes the
    /// value it holds for the id (``keepingValue(of:)``).
    public var value: JSONValue
    /// The window's own scene phase.
    public var phase: ScenePhase
    /// Whether a presenter is connected.
    public var attached: Bool
    /// ISO 8601 creation time.
    public var createdAt: String
    /// Where its presenter's terminal is (winctl(1), Attached terminals); absent while no presenter is attached
    /// or the presenter did not say.
    public var place: Place?
    /// The pid of its presenter; while none is attached, of the one awaited back since windowd
    /// restarted. Absent when not known.
    public var pid: Int32?
    /// Where it was last presented, while no presenter is attached (winctl(1), "restore"); absent when not known.
    public var lastPlace: Place?
    /// When it was last `active`, ISO 8601 with fractions of a second; absent if it never was.
    public var lastActiveAt: String?

    /// A window entry as it goes on the wire.
    public init(
        id: String,
        group: String,
        value: JSONValue,
        phase: ScenePhase,
        attached: Bool,
        createdAt: String,
        place: Place? = nil,
        pid: Int32? = nil,
        lastPlace: Place? = nil,
        lastActiveAt: String? = nil
    ) {
        self.id = id
        self.group = group
        self.value = value
        self.phase = phase
        self.attached = attached
        self.createdAt = createdAt
        self.place = place
        self.pid = pid
        self.lastPlace = lastPlace
        self.lastActiveAt = lastActiveAt
    }

    /// Reads every member; a `value` left out (an event's, for a long one) is `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        group = try container.decode(String.self, forKey: .group)
        value = try container.decodeIfPresent(JSONValue.self, forKey: .value) ?? .null
        phase = try container.decode(ScenePhase.self, forKey: .phase)
        attached = try container.decode(Bool.self, forKey: .attached)
        createdAt = try container.decode(String.self, forKey: .createdAt)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        pid = try container.decodeIfPresent(Int32.self, forKey: .pid)
        lastPlace = try container.decodeIfPresent(Place.self, forKey: .lastPlace)
        lastActiveAt = try container.decodeIfPresent(String.self, forKey: .lastActiveAt)
    }

    /// This window with the value of `held` (the same window, as the client knew it) when this
    /// one came without its value; only a window of a `none` group has `null` for one.
    public func keepingValue(of held: WindowInfo?) -> WindowInfo {
        guard value == .null, let held, held.id == id else { return self }
        var window = self
        window.value = held.value
        return window
    }
}
