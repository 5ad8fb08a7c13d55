/// Why a WindowKit call failed: a ``Code`` to switch on, a message for a person, and for a
/// refusal the daemon's JSON-RPC error with its `data.reason`.
///
/// ```swift
/// do {
///     try await app.openWindow(group: "detail", value: 42)
/// } catch let error as WindowKitError where error.reason == .unauthenticated {
///     showSignIn()
/// }
/// ```
public struct WindowKitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of failure.
    ///
    /// ```swift
    /// if error.code == .unreachable { print("is windowd running?") }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// windowd could not be reached at the socket path (at start, or for longer than
        /// ``ConnectionOptions/reconnectFor``).
        public static let unreachable = Code("unreachable")
        /// The daemon refused the request: see ``WindowKitError/reason``.
        public static let refused = Code("refused")
        /// No answer within ``ConnectionOptions/requestTimeout``.
        public static let timedOut = Code("timedOut")
        /// The connection dropped (or the daemon crashed) after the request was sent and before
        /// it was answered, and the request is not one that is safe to send twice: it may or may
        /// not have been carried out.
        public static let interrupted = Code("interrupted")
        /// The client was closed.
        public static let closed = Code("closed")
        /// The daemon sent something that is not the protocol.
        public static let protocolViolation = Code("protocolViolation")

        /// The code's name: `unreachable`, `refused`, …
        public var description: String { name }
    }

    /// What kind of failure.
    public var code: Code
    /// What went wrong, for a person.
    public var message: String
    /// The daemon's error, for ``Code/refused``.
    public var rpcError: RPCError?

    /// An error of `code` saying `message`.
    public init(_ code: Code, _ message: String, rpcError: RPCError? = nil) {
        self.code = code
        self.message = message
        self.rpcError = rpcError
    }

    /// The daemon's refusal as an error.
    public static func refused(_ error: RPCError) -> WindowKitError {
        WindowKitError(.refused, error.message, rpcError: error)
    }

    /// `data.reason` of a refusal: `unauthenticated`, `window_busy`, `unknown_window`, …
    public var reason: ErrorReason? { rpcError?.reason }

    /// The message.
    public var description: String { message }
}
