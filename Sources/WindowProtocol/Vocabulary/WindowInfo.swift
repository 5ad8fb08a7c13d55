/// A window as the wire shows it.
public struct WindowInfo: Sendable, Hashable, Codable {
    /// Lower-case UUID.
    public var id: String
    /// The window group's id.
    public var group: String
    /// `null`, an integer or a string, typed by the group.
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

    /// A window entry as it goes on the wire.
    public init(
        id: String,
        group: String,
        value: JSONValue,
        phase: ScenePhase,
        attached: Bool,
        createdAt: String,
        place: Place? = nil,
        pid: Int32? = nil
    ) {
        self.id = id
        self.group = group
        self.value = value
        self.phase = phase
        self.attached = attached
        self.createdAt = createdAt
        self.place = place
        self.pid = pid
    }
}
