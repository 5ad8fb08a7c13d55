/// A signed-in user's session: who, and until when (seconds since the Unix epoch).
public struct Session: Sendable, Equatable, Codable {
    /// The signed-in user, as in `authenticated(user)`.
    public var user: String
    /// When the user signed in.
    public var issuedAt: Double
    /// When the session runs out: `issuedAt` plus `app.session_ttl_seconds`.
    public var expiresAt: Double

    /// A session for `user`, valid from `issuedAt` until `expiresAt`.
    public init(user: String, issuedAt: Double, expiresAt: Double) {
        self.user = user
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// Whether the session has run out at `now`.
    public func isExpired(at now: Double) -> Bool { now >= expiresAt }
}
