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
    /// The value; its lock also orders the changes handed to ``changes``.
    private let state: Mutex<Value>
    /// The listeners: a broadcast that gives a new listener the value as it is first.
    private let changes: Broadcast<Value>

    /// A current value starting at `initial`.
    init(_ initial: Value, bufferSize: Int = 64) {
        state = Mutex(initial)
        changes = Broadcast(buffering: .bufferingNewest(bufferSize), replaysLast: true)
        changes.send(initial)
    }

    /// The value now.
    var value: Value { state.withLock { $0 } }

    /// The value now, then each change, until ``finish()``.
    func stream() -> AsyncStream<Value> {
        // The broadcast registers the listener under the lock that holds its last element.
        changes.stream()
    }

    /// Sets the value; listeners hear of it if it differs.
    func set(_ newValue: Value) {
        update { $0 = newValue }
    }

    /// Changes the value in place; listeners hear of it if it differs.
    func update(_ change: (inout Value) -> Void) {
        state.withLock { value in
            var next = value
            change(&next)
            guard next != value else { return }
            value = next
            // Under the value's lock, so that changes reach the broadcast in the order they were made.
            changes.send(next)
        }
    }

    /// Ends every stream; the value stays readable.
    func finish() {
        changes.finish()
    }

    /// The number of listeners now, for tests.
    var listenerCount: Int { changes.listenerCount }
}
