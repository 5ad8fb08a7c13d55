/// A signed-in user's session: who, and until when (seconds since the Unix epoch).
package struct Session: Sendable, Equatable, Codable {
    /// The signed-in user, as in `authenticated(user)`.
    package var user: String
    /// When the user signed in.
    package var issuedAt: Double
    /// When the session runs out: `issuedAt` plus `app.session_ttl_seconds`.
    package var expiresAt: Double

    /// A session for `user`, valid from `issuedAt` until `expiresAt`.
    package init(user: String, issuedAt: Double, expiresAt: Double) {
        self.user = user
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
    }

    /// Whether the session has run out at `now`.
    package func isExpired(at now: Double) -> Bool { now >= expiresAt }
}
