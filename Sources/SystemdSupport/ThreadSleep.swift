import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A sleep that does not use Swift concurrency's timer: that timer is libdispatch's, whose
/// worker threads ask for a nice value with `setpriority`, which the systemd unit's system call
/// filter refuses and libdispatch logs to the journal. A short-lived thread of its own wakes the
/// task instead; cancelling the task ends the sleep at once.
enum ThreadSleep {
    /// Returns after `duration`, or as soon as the calling task is cancelled.
    static func sleep(for duration: Duration) async {
        let wake = Wake()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                guard wake.wait(with: continuation) else { return }
                let started = startThread {
                    var request = timespec(tv_sec: Int(duration.components.seconds),
                                           tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
                    var remaining = timespec()
                    while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
                    wake.resume()
                }
                // Without a thread there is no timer: the sleep ends at once rather than never.
                if !started { wake.resume() }
            }
        } onCancel: {
            wake.resume()
        }
    }

    /// Resumes its continuation once, from the timer thread or from a cancellation, whichever is first.
    private final class Wake: Sendable {
        private enum State {
            case idle
            case waiting(CheckedContinuation<Void, Never>)
            case done
        }
        private let state = Mutex(State.idle)

        /// Keeps `continuation`; `false` (and resumed) when the sleep already ended.
        func wait(with continuation: CheckedContinuation<Void, Never>) -> Bool {
            let ended = state.withLock { state in
                if case .done = state { return true }
                state = .waiting(continuation)
                return false
            }
            if ended { continuation.resume() }
            return !ended
        }

        func resume() {
            let waiting: CheckedContinuation<Void, Never>? = state.withLock { state in
                defer { state = .done }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            waiting?.resume()
        }
    }

    /// Runs `body` on a new detached thread; `false` if no thread could be started.
    private static func startThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Box>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard created == 0 else {
            Unmanaged<Box>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
