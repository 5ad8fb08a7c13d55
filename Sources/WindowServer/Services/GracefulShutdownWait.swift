import ServiceLifecycle

/// Waits until the service group shuts down gracefully, or the task is cancelled.
///
/// Not `ServiceLifecycle.gracefulShutdown()`: that waits through an unstructured task, which runs
/// on the global executor's Dispatch worker threads, and each new one asks for a nice value with
/// `setpriority`, which the unit's system call filter refuses and libdispatch logs (see
/// ``SignalReceiver``). A shutdown handler and a continuation do the same on the task's own executor.
func untilGracefulShutdown() async {
    let shutdown = AwaitedValue<Void>()
    await withGracefulShutdownHandler {
        await withTaskCancellationHandler {
            _ = try? await shutdown.value
        } onCancel: {
            shutdown.resolve(.success(()))
        }
    } onGracefulShutdown: {
        shutdown.resolve(.success(()))
    }
}
