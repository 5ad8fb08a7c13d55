import Synchronization

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
