import NIOCore
import Synchronization

/// A request on its way: how to write it under an id, and what to do with its answer.
///
/// ```swift
/// let call = PendingCall(method: "app.state", encode: { id in try JSONWriter.bytes(request(id)) }) { outcome in … }
/// ```
///
/// `complete` runs on the connection's event loop, exactly once.
struct PendingCall: Sendable {
    /// The method name, for messages and for ``ReplaySafety``.
    let method: String
    /// Whether it may be sent again after the daemon went away before answering.
    let replaySafe: Bool
    /// Part of re-establishing the connection: it fails, rather than waits, when the connection drops.
    let isRestore: Bool
    /// The request's bytes for the id it is sent under.
    let encode: @Sendable (RequestID) throws -> [UInt8]
    /// Takes the answer (on the event loop).
    let complete: @Sendable (Result<JSONValue, WindowKitError>) -> Void
    /// Whether the caller has stopped waiting: a call not yet sent is then dropped.
    let isAbandoned: @Sendable () -> Bool
    /// The request timeout, while it is in flight.
    var timeout: Scheduled<Void>?
    /// The bytes of its last sending, for telling which request a daemon found too large.
    var size = 0
    /// How many times it was sent: one that the daemon went away on again and again is not
    /// sent forever.
    var sends = 0

    /// The most times a request is sent.
    static let maximumSends = 3

    init(
        method: String, replaySafe: Bool? = nil, isRestore: Bool = false,
        encode: @escaping @Sendable (RequestID) throws -> [UInt8],
        isAbandoned: @escaping @Sendable () -> Bool = { false },
        complete: @escaping @Sendable (Result<JSONValue, WindowKitError>) -> Void
    ) {
        self.method = method
        self.replaySafe = replaySafe ?? ReplaySafety.allows(method)
        self.isRestore = isRestore
        self.encode = encode
        self.isAbandoned = isAbandoned
        self.complete = complete
    }
}

/// Where an awaited call's answer goes: a continuation resumed exactly once, by the answer or
/// by the caller's cancellation, whichever comes first.
///
/// ```swift
/// let box = CallBox<Int>()
/// try await withTaskCancellationHandler {
///     try await withCheckedThrowingContinuation { box.install($0); send(box) }
/// } onCancel: { box.cancel() }
/// ```
final class CallBox<Value: Sendable>: Sendable {
    private enum State {
        case waiting
        case installed(CheckedContinuation<Value, any Error>)
        case done
    }

    private let state = Mutex(State.waiting)

    init() {}

    /// Installs the continuation; resumes it at once if the call was already cancelled.
    func install(_ continuation: CheckedContinuation<Value, any Error>) {
        let cancelled = state.withLock { state -> Bool in
            if case .done = state { return true }
            state = .installed(continuation)
            return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
    }

    /// Resumes the caller with `result`, unless it was resumed already.
    func resume(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            defer { state = .done }
            if case .installed(let continuation) = state { return continuation }
            return nil
        }
        continuation?.resume(with: result)
    }

    /// The caller was cancelled: it gets `CancellationError` and the answer, if any, is dropped.
    func cancel() {
        resume(.failure(CancellationError()))
    }

    /// Whether the caller has been resumed.
    var isDone: Bool {
        state.withLock { if case .done = $0 { return true } else { return false } }
    }
}
