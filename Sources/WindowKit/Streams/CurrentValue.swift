import Synchronization

/// A value that changes, read now or followed as an `AsyncStream`: like an `@Observable`
/// property that a view reads in `body` and a `.task` follows.
///
/// ```swift
/// let phase = CurrentValue(ScenePhase.background)
/// phase.value                              // now
/// for await next in phase.stream() { … }   // now, then each change
/// ```
///
/// A stream starts with the value as it is and then gets each change; setting an equal value
/// changes nothing. A listener that falls more than `bufferSize` changes behind skips the
/// oldest: it always ends up with the newest.
final class CurrentValue<Value: Sendable & Equatable>: Sendable {
    private struct State {
        var value: Value
        var listeners: [UInt64: AsyncStream<Value>.Continuation] = [:]
        var nextListener: UInt64 = 0
        var finished = false
    }

    private let state: Mutex<State>
    private let bufferSize: Int

    /// A current value starting at `initial`.
    init(_ initial: Value, bufferSize: Int = 64) {
        state = Mutex(State(value: initial))
        self.bufferSize = bufferSize
    }

    /// The value now.
    var value: Value { state.withLock { $0.value } }

    /// The value now, then each change, until ``finish()``.
    func stream() -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(bufferSize))
        // Registered under the lock that guards the value: no change falls between the two.
        let id: UInt64? = state.withLock { state in
            continuation.yield(state.value)
            guard !state.finished else { return nil }
            let id = state.nextListener
            state.nextListener += 1
            state.listeners[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.listeners.removeValue(forKey: id) }
        }
        return stream
    }

    /// Sets the value; listeners hear of it if it differs.
    func set(_ newValue: Value) {
        update { $0 = newValue }
    }

    /// Changes the value in place; listeners hear of it if it differs.
    func update(_ change: (inout Value) -> Void) {
        state.withLock { state in
            var next = state.value
            change(&next)
            guard next != state.value else { return }
            state.value = next
            for listener in state.listeners.values { listener.yield(next) }
        }
    }

    /// Ends every stream; the value stays readable.
    func finish() {
        let listeners = state.withLock { state in
            state.finished = true
            defer { state.listeners.removeAll() }
            return Array(state.listeners.values)
        }
        for listener in listeners { listener.finish() }
    }

    /// The number of listeners now, for tests.
    var listenerCount: Int { state.withLock { $0.listeners.count } }
}
