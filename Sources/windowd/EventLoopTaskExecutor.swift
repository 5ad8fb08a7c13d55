import NIOCore

/// A Swift concurrency task executor that runs every job on one NIO event loop.
///
/// `windowd`'s whole task tree prefers it (``Entry``), so no job goes to the global concurrent
/// executor, which on Linux is libdispatch and would start worker threads.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    /// Runs jobs on `loop`.
    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        loop.execute { job.runSynchronously(on: executor) }
    }
}
