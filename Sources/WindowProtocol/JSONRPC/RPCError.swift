/// A JSON-RPC error object: `code`, `message`, and `data.reason` for application errors.
public struct RPCError: Error, Codable, Sendable, Equatable {
    /// The JSON-RPC error code.
    public var code: Int
    /// What was wrong, for a person.
    public var message: String
    /// Machine-readable detail.
    public var data: ErrorData?

    /// The `data` member of an error.
    public struct ErrorData: Codable, Sendable, Equatable {
        /// The application reason, see ``ErrorReason``.
        public var reason: ErrorReason?
        /// A `data` member with `reason`.
        public init(reason: ErrorReason?) { self.reason = reason }
    }

    /// An error with `code` and `message`; `data.reason` only when `reason` is given.
    public init(code: Int, message: String, reason: ErrorReason? = nil) {
        self.code = code
        self.message = message
        self.data = reason.map { ErrorData(reason: $0) }
    }

    /// The standard JSON-RPC codes.
    public enum Code {
        /// The line is not JSON.
        public static let parseError = -32700
        /// JSON, but not a valid JSON-RPC request.
        public static let invalidRequest = -32600
        /// No method of that name.
        public static let methodNotFound = -32601
        /// The params do not fit the method.
        public static let invalidParams = -32602
        /// The daemon could not do what it should (the store refuses writes).
        public static let internalError = -32603
        /// A refusal by the daemon; `data.reason` says which.
        public static let application = -32000
    }

    /// -32700: the line is not JSON.
    public static func parseError(_ message: String) -> RPCError {
        RPCError(code: Code.parseError, message: message)
    }

    /// -32600: JSON, but not a JSON-RPC request.
    public static func invalidRequest(_ message: String, reason: ErrorReason? = nil) -> RPCError {
        RPCError(code: Code.invalidRequest, message: message, reason: reason)
    }

    /// -32601: no such method.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: Code.methodNotFound, message: "unknown method '\(method)'")
    }

    /// -32602: the params do not fit the method.
    public static func invalidParams(_ message: String) -> RPCError {
        RPCError(code: Code.invalidParams, message: message)
    }

    /// -32000 with a reason: the daemon refused the request.
    public static func refused(_ reason: ErrorReason, _ message: String) -> RPCError {
        RPCError(code: Code.application, message: message, reason: reason)
    }

    /// The application reason, if any.
    public var reason: ErrorReason? { data?.reason }
}

/// Why the daemon refused a request (`error.data.reason`).
public enum ErrorReason: String, Codable, Sendable, CaseIterable {
    /// No window group of that id in the config.
    case unknownGroup = "unknown_group"
    /// The value does not parse as the group's value type.
    case invalidValue = "invalid_value"
    /// No window of that id (never opened, or closed).
    case unknownWindow = "unknown_window"
    /// The app state machine does not allow that transition (windowd-protocol(7), app.transition).
    case invalidTransition = "invalid_transition"
    /// The window already has a presenter; attach with `takeover` to replace it.
    case windowBusy = "window_busy"
    /// A configured limit (windows, storage, clients, message size) would be exceeded.
    case limitExceeded = "limit_exceeded"
    /// The peer's uid may not use this daemon (windowd(8), Socket and access).
    case forbidden = "forbidden"
    /// The group requires a signed-in user and the app state is not `authenticated`.
    case unauthenticated = "unauthenticated"
}
