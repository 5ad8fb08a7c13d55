import WindowProtocol

/// One change to durable state, raised by the coordinator and committed by the store
/// before the request that caused it is acknowledged.
public enum StateChange: Sendable, Equatable {
    case windowCreated(StoredWindow)
    case windowClosed(WindowID)
    case windowAttached(WindowID, at: Double)
    case storageSet(WindowID, key: String, value: JSONValue)
    case storageRemoved(WindowID, key: String)
    case sessionSaved(Session)
    case sessionCleared
}

/// A window as it is kept on disk: what restore needs, and nothing about presenters or phases.
public struct StoredWindow: Sendable, Equatable {
    public var id: WindowID
    public var group: String
    /// The value as it was typed when stored; re-typed against the config on restore.
    public var value: JSONValue
    public var createdAt: String
    public var order: UInt64
    public var lastAttachedAt: Double?

    public init(id: WindowID, group: String, value: JSONValue, createdAt: String, order: UInt64, lastAttachedAt: Double? = nil) {
        self.id = id
        self.group = group
        self.value = value
        self.createdAt = createdAt
        self.order = order
        self.lastAttachedAt = lastAttachedAt
    }
}

/// Everything the store holds: windows with their scene storage, and the session.
public struct StoredState: Sendable, Equatable {
    public var windows: [StoredWindow]
    public var storage: [WindowID: [String: JSONValue]]
    public var session: Session?

    public init(windows: [StoredWindow] = [], storage: [WindowID: [String: JSONValue]] = [:], session: Session? = nil) {
        self.windows = windows
        self.storage = storage
        self.session = session
    }
}

extension StateChange {
    /// Whether the change only keeps books (the last-attached time): worth no wait while the
    /// store refuses writes, and no error to the client when its commit fails.
    public var isBookkeeping: Bool {
        if case .windowAttached = self { return true }
        return false
    }
}
