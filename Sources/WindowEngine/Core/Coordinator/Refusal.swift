/// Why the core refused an operation, in the domain's own terms; the dispatch turns it into
/// the JSON-RPC error a client sees (`-32000` with `data.reason`, or `-32602`).
package struct Refusal: Error, Equatable, Sendable {
    /// What kind of refusal it is.
    package enum Reason: Sendable, Equatable {
        /// `unknown_group`: no group of that id in the config.
        case unknownGroup
        /// `invalid_value`: the value does not parse as the group's type.
        case invalidValue
        /// `unknown_window`: no open window of that id.
        case unknownWindow
        /// `invalid_transition`: the app state machine does not allow it.
        case invalidTransition
        /// `window_busy`: the window has another presenter, or the connection presents another window.
        case windowBusy
        /// `limit_exceeded`: the window count or a window's storage would go over its limit.
        case limitExceeded
        /// `unauthenticated`: the group requires a signed-in user.
        case unauthenticated
        /// `forbidden`: the group does not admit the client's host (`hosts`).
        case forbidden
        /// An argument the operation cannot take (an empty key, a phase for a window without a presenter).
        case invalidArgument
    }

    /// What kind of refusal it is.
    package var reason: Reason
    /// What was wrong and what to do, for a person.
    package var message: String

    /// A refusal for `reason`.
    package static func refused(_ reason: Reason, _ message: String) -> Refusal {
        Refusal(reason: reason, message: message)
    }

    /// An argument the operation cannot take.
    package static func invalidArgument(_ message: String) -> Refusal {
        Refusal(reason: .invalidArgument, message: message)
    }
}
