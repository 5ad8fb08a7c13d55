import WindowProtocol

extension RPCError {
    /// The JSON-RPC error for a refusal of the core: `-32000` with its `data.reason`, or
    /// `-32602` for an argument the operation cannot take.
    package init(_ refusal: Refusal) {
        let reason: ErrorReason
        switch refusal.reason {
        case .unknownGroup: reason = .unknownGroup
        case .invalidValue: reason = .invalidValue
        case .unknownWindow: reason = .unknownWindow
        case .invalidTransition: reason = .invalidTransition
        case .windowBusy: reason = .windowBusy
        case .limitExceeded: reason = .limitExceeded
        case .unauthenticated: reason = .unauthenticated
        case .forbidden: reason = .forbidden
        case .invalidArgument:
            self = .invalidParams(refusal.message)
            return
        }
        self = .refused(reason, refusal.message)
    }
}
