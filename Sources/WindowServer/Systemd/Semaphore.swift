#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A POSIX counting semaphore: how a thread that is not part of Swift concurrency sleeps until
/// there is work for it.
final class Semaphore: @unchecked Sendable {
    // sem_t must not move: it lives on the heap for the object's lifetime. sem_post and
    // sem_wait are thread-safe, which is what makes the class Sendable.
    private let semaphore: UnsafeMutablePointer<sem_t>

    /// Creates a semaphore with a count of zero.
    init() {
        semaphore = .allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
    }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Adds one to the count, waking a waiting thread; never blocks.
    func signal() {
        sem_post(semaphore)
    }

    /// Waits until the count is above zero, then takes one off.
    func wait() {
        while sem_wait(semaphore) != 0, errno == EINTR {}
    }
}
