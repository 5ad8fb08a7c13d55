import NIOCore
import NIOPosix
import WindowServer

/// The process entry: blocks the daemon's signals before any other thread exists, then runs
/// ``Windowd`` in a task that prefers one NIO event loop as its executor, and waits.
///
/// Together with ``SignalReceiver`` and the store's own thread this keeps libdispatch from
/// starting worker threads: each new one asks for a nice value with `setpriority`, which the
/// unit's `SystemCallFilter=~@resources` refuses, and libdispatch logs that refusal to the
/// journal. Child tasks and default actors follow the task's executor preference, so no job
/// reaches the global concurrent executor (libdispatch on Linux). The main thread waits here
/// with the signals still blocked; an `async` main would park it in libdispatch's `sigsuspend`
/// with an empty mask, where a SIGHUP would kill the process.
@main
enum Entry {
    static func main() {
        SignalReceiver.block()
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let finished = loop.makePromise(of: Void.self)
        Task(executorPreference: EventLoopTaskExecutor(loop)) {
            await Windowd.main(nil)
            finished.succeed()
        }
        try? finished.futureResult.wait()
    }
}
