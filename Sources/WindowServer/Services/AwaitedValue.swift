import Synchronization

/// A value one service makes and later services in the group wait for (the opened store, the
/// running server): set once, awaited by any number, and failed when its maker fails.
final class AwaitedValue<Value: Sendable>: Sendable {
    private enum State {
        case waiting([CheckedContinuation<Value, any Error>])
        case done(Result<Value, any Error>)
    }

    private let state = Mutex(State.waiting([]))

    /// Sets the value (or the failure) and resumes every waiter; later calls are ignored.
    func resolve(_ result: Result<Value, any Error>) {
        let waiters: [CheckedContinuation<Value, any Error>] = state.withLock { state in
            guard case .waiting(let waiters) = state else { return [] }
            state = .done(result)
            return waiters
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    /// The value, once it is set.
    var value: Value {
        get async throws {
            try await withCheckedThrowingContinuation { continuation in
                let done: Result<Value, any Error>? = state.withLock { state in
                    switch state {
                    case .waiting(let waiters):
                        state = .waiting(waiters + [continuation])
                        return nil
                    case .done(let result):
                        return result
                    }
                }
                if let done { continuation.resume(with: done) }
            }
        }
    }
}
