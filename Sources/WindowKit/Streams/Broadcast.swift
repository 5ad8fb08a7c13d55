import Synchronization

/// Hands every element to each of its listeners, as one `AsyncStream` per listener.
///
/// ```swift
/// let focus = Broadcast<FocusRequest>()
/// for await request in focus.stream() { bringToFront(request.window) }
/// ```
///
/// A listener that stops iterating (its task cancelled, its stream dropped) is removed at
/// once. ``finish()`` ends every stream; a stream asked for later ends at once. With
/// `replaysLast`, a listener that comes late is first given the last element: for one-off
/// facts such as a dismissal, which a scene must see however late it starts listening. With
/// `keepsUntilListened`, what is sent while nobody listens (right after attaching, before the
/// app's loop starts) is kept, up to ``keptLimit`` elements, for the next listener.
final class Broadcast<Element: Sendable>: Sendable {
    private struct State {
        var listeners: [UInt64: AsyncStream<Element>.Continuation] = [:]
        var nextListener: UInt64 = 0
        var last: Element?
        var kept: [Element] = []
        var finished = false
    }

    /// The most elements kept for the next listener; older ones are dropped.
    static var keptLimit: Int { 1_024 }

    private let state = Mutex(State())
    /// Held while a send yields, so that listeners get elements in the order they were sent.
    private let sending = Mutex(())
    private let policy: AsyncStream<Element>.Continuation.BufferingPolicy
    private let replaysLast: Bool
    private let keepsUntilListened: Bool

    /// A broadcast whose listeners buffer as `policy` says; `replaysLast` gives late listeners
    /// the last element; `keepsUntilListened` keeps what nobody heard for the next listener.
    init(
        buffering policy: AsyncStream<Element>.Continuation.BufferingPolicy = .unbounded,
        replaysLast: Bool = false,
        keepsUntilListened: Bool = false
    ) {
        self.policy = policy
        self.replaysLast = replaysLast
        self.keepsUntilListened = keepsUntilListened
    }

    /// A new listener's stream: every element sent from now on (the last one first, if replayed).
    func stream() -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream.makeStream(of: Element.self, bufferingPolicy: policy)
        let id: UInt64? = state.withLock { state in
            if replaysLast, let last = state.last { continuation.yield(last) }
            for element in state.kept.suffix(Self.keptLimit) { continuation.yield(element) }
            state.kept.removeAll()
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

    /// Sends `element` to every listener.
    ///
    /// The listeners are read under the state's lock but yielded to outside it, under a lock of
    /// their own that keeps sends in order: a yield takes the listening task's status lock, and
    /// a task being cancelled holds that lock while its stream's termination takes the state's
    /// lock to remove the listener. Yielding under the state's lock deadlocked the two (seen: a
    /// presenter hung at exit while its scene's task group was cancelled during a reconnect).
    func send(_ element: Element) {
        sending.withLock { _ in
            let listeners: [AsyncStream<Element>.Continuation] = state.withLock { state in
                guard !state.finished else { return [] }
                state.last = element
                if keepsUntilListened, state.listeners.isEmpty {
                    // Trimmed in halves, so that a flood nobody hears costs O(1) per element.
                    if state.kept.count >= 2 * Self.keptLimit { state.kept.removeFirst(Self.keptLimit) }
                    state.kept.append(element)
                }
                return Array(state.listeners.values)
            }
            for listener in listeners { listener.yield(element) }
        }
    }

    /// Ends every stream, now and to come.
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
