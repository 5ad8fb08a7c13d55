import Dispatch
import Synchronization

/// Runs the presenter's async work from winctl's synchronous `attach` and waits for it.
///
/// ```swift
/// let exit = AsyncBridge.run { await presenter.run() }
/// ```
///
/// winctl's root command is synchronous on purpose (one-shot commands start without an event
/// loop); `attach` is the one command that lives on, and the SDK under it is async. The main
/// thread only waits here, as an async `main` would: every await runs on the cooperative pool
/// and the SDK's event loop.
enum AsyncBridge {
    /// The value of `operation`, once it has finished.
    static func run<Value: Sendable>(_ operation: @escaping @Sendable () async -> Value) -> Value {
        let result = Mutex<Value?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let value = await operation()
            result.withLock { $0 = value }
            finished.signal()
        }
        finished.wait()
        return result.withLock { $0! }
    }
}
