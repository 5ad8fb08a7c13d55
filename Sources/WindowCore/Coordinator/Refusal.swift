/// Why the core refused an operation, in the domain's own terms; `WindowDispatch` turns it into
/// the JSON-RPC error a client sees (`-32000` with `data.reason`, or `-32602`).
public struct Refusal: Error, Equatable, Sendable {
    /// What kind of refusal it is.
    public enum Reason: Sendable, Equatable {
        case unknownGroup
        case invalidValue
        case unknownWindow
        case invalidTransition
        case windowBusy
        case limitExceeded
        case unauthenticated
        /// An argument the operation cannot take (an empty key, a phase for a window without a presenter).
        case invalidArgument
    }

    /// What kind of refusal it is.
    public var reason: Reason
    /// What was wrong and what to do, for a person.
    public var message: String

    /// A refusal for `reason`.
    public static func refused(_ reason: Reason, _ message: String) -> Refusal {
        Refusal(reason: reason, message: message)
    }

    /// An argument the operation cannot take.
    public static func invalidArgument(_ message: String) -> Refusal {
        Refusal(reason: .invalidArgument, message: message)
    }
}
