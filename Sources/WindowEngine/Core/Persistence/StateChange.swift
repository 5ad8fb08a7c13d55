package import WindowProtocol

/// One change to durable state, raised by the coordinator and committed by the store
/// before the request that caused it is acknowledged.
package enum StateChange: Sendable, Equatable {
    /// A window was opened.
    case windowCreated(StoredWindow)
    /// A window was closed explicitly; it and its storage never come back.
    case windowClosed(WindowID)
    /// A presenter attached at a time, as the process `presenter` when it is known, at `place`;
    /// bookkeeping only (see `isBookkeeping`).
    case windowAttached(WindowID, at: Double, presenter: PresenterProcess? = nil, place: Place? = nil)
    /// A window became `active` (`active` is true) or stopped being it, at a time (ISO 8601); bookkeeping only.
    case windowActive(WindowID, at: String, active: Bool)
    /// One key of a window's scene storage was set.
    case storageSet(WindowID, key: String, value: JSONValue)
    /// One key of a window's scene storage was removed.
    case storageRemoved(WindowID, key: String)
    /// A user signed in (again, or as another user); restored at the next start if still valid.
    case sessionSaved(Session)
    /// The session ended, or was not restored at start; none is restored next time.
    case sessionCleared
}

/// A window as it is kept on disk: what restore needs, and nothing about presenters or phases.
package struct StoredWindow: Sendable, Equatable {
    /// The id the window keeps across restarts.
    package var id: WindowID
    /// Its group's id, checked against the config on restore.
    package var group: String
    /// The value as it was typed when stored; re-typed against the config on restore.
    package var value: JSONValue
    /// ISO 8601 creation time.
    package var createdAt: String
    /// Creation order, so that restored windows list oldest first as before.
    package var order: UInt64
    /// When a presenter last attached (seconds since the Unix epoch); kept for the record, restore ignores it.
    package var lastAttachedAt: Double?
    /// The process that last attached as its presenter, awaited back after a restart.
    package var presenter: PresenterProcess?
    /// Where it was last presented.
    package var place: Place?
    /// When it last became `active` or stopped being it, ISO 8601.
    package var lastActiveAt: String?
    /// Whether it was `active` when last stored: then it stayed so until windowd went away.
    package var active: Bool

    /// A window record as it goes to the store.
    package init(
        id: WindowID,
        group: String,
        value: JSONValue,
        createdAt: String,
        order: UInt64,
        lastAttachedAt: Double? = nil,
        presenter: PresenterProcess? = nil,
        place: Place? = nil,
        lastActiveAt: String? = nil,
        active: Bool = false
    ) {
        self.id = id
        self.group = group
        self.value = value
        self.createdAt = createdAt
        self.order = order
        self.lastAttachedAt = lastAttachedAt
        self.presenter = presenter
        self.place = place
        self.lastActiveAt = lastActiveAt
        self.active = active
    }
}

/// Everything the store holds: windows with their scene storage, and the session.
package struct StoredState: Sendable, Equatable {
    /// The windows not closed explicitly; `order` gives their creation order.
    package var windows: [StoredWindow]
    /// Each window's scene storage, values exactly as sent.
    package var storage: [WindowID: [String: JSONValue]]
    /// The last session saved, if not cleared since; validated before it is applied.
    package var session: Session?

    /// A stored state; empty by default, as a fresh store loads.
    package init(windows: [StoredWindow] = [], storage: [WindowID: [String: JSONValue]] = [:], session: Session? = nil)
    {
        self.windows = windows
        self.storage = storage
        self.session = session
    }
}

extension StateChange {
    /// Whether the change only keeps books (the last-attached time): worth no wait while the
    /// store refuses writes, and no error to the client when its commit fails.
    package var isBookkeeping: Bool {
        switch self {
        case .windowAttached, .windowActive: true
        default: false
        }
    }
}
