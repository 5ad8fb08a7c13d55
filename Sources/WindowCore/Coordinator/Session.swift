/// A signed-in user's session: who, and until when (seconds since the Unix epoch).
public struct Session: Sendable, Equatable, Codable {
    public var user: String
    public var issuedAt: Double
    public var expiresAt: Double

    public init(user: String, issuedAt: Double, expiresAt: Double) {
        self.user = user
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// Whether the session has run out at `now`.
    public func isExpired(at now: Double) -> Bool { now >= expiresAt }
}
