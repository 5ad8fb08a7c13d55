import Synchronization

/// Whether the terminal has the focus, as its presenter last heard from its focus reports, for a
/// ``VisibilityWatcher`` whose place only answers when asked (kitty): a focused terminal is
/// shown, so it asks only while the focus is elsewhere, and at once when the focus goes.
public final class FocusHint: Sendable {
    private struct State {
        var focused: Bool
        var waiting: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state: Mutex<State>

    /// A hint that starts `focused` or not.
    public init(focused: Bool) {
        state = Mutex(State(focused: focused))
    }

    /// Whether the terminal has the focus.
    public var isFocused: Bool { state.withLock { $0.focused } }

    /// Says the terminal got or lost the focus; wakes those waiting for a change.
    public func set(_ focused: Bool) {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            guard state.focused != focused else { return [] }
            state.focused = focused
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        woken.forEach { $0.resume() }
    }

    /// Returns once the focus is no longer `focused`, or the task is cancelled.
    func waitForChange(from focused: Bool) async {
        let waiter = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    guard state.focused == focused, !Task.isCancelled else { return true }
                    state.waiting[waiter] = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiting.removeValue(forKey: waiter) }?.resume()
        }
    }
}
