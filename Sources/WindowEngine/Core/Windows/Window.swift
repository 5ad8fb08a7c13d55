package import WindowProtocol

/// One entry of the registry.
package struct Window: Sendable, Equatable {
    /// Its identity.
    package let id: WindowID
    /// Its group's id.
    package let group: String
    /// Its typed value.
    package let value: WindowValue
    /// Its own phase; `background` whenever it has no presenter.
    package internal(set) var phase: ScenePhase
    /// The connection presenting it, if any.
    package internal(set) var presenter: ConnectionID?
    /// Where its presenter's terminal is, as the presenter said when it attached; `nil` without one.
    package var place: Place? { presenter == nil ? nil : lastPlace }
    /// Where it was last presented, as its presenter said; kept across restarts, for `window.restore`.
    package internal(set) var lastPlace: Place?
    /// When it was last `active` (ISO 8601 with fractions, so that texts sort as times); kept across restarts.
    package internal(set) var lastActiveAt: String?
    /// Its presenter's process; while it has none, the one it had when windowd last stopped,
    /// awaited back unless it is gone (``SceneCoordinator/open(group:value:path:now:launch:ids:effects:probe:)``).
    package internal(set) var process: PresenterProcess?
    /// ISO 8601 creation time.
    package let createdAt: String
    /// Creation order, for listing oldest first.
    package let order: UInt64
    /// Its scene storage.
    package internal(set) var storage: SceneStorage

    /// A window as it is registered or restored: detached and `background`.
    package init(
        id: WindowID,
        group: String,
        value: WindowValue,
        createdAt: String,
        order: UInt64,
        storage: SceneStorage = SceneStorage(),
        process: PresenterProcess? = nil,
        lastPlace: Place? = nil,
        lastActiveAt: String? = nil
    ) {
        self.id = id
        self.group = group
        self.value = value
        self.phase = .background
        self.presenter = nil
        self.lastPlace = lastPlace
        self.lastActiveAt = lastActiveAt
        self.createdAt = createdAt
        self.order = order
        self.storage = storage
        self.process = process
    }

    /// The process of the presenter it had when windowd last stopped, while none has attached since.
    package var awaited: PresenterProcess? { presenter == nil ? process : nil }

    /// The window as the store keeps it.
    package var stored: StoredWindow {
        StoredWindow(id: id, group: group, value: value.json, createdAt: createdAt, order: order)
    }

    /// The window as the wire shows it.
    package var info: WindowInfo {
        WindowInfo(
            id: id.rawValue,
            group: group,
            value: value.json,
            phase: phase,
            attached: presenter != nil,
            createdAt: createdAt,
            place: place,
            pid: process?.pid,
            lastPlace: presenter == nil ? lastPlace : nil,
            lastActiveAt: lastActiveAt
        )
    }
}
