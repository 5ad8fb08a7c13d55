import NIOCore
import NIOPosix
import WindowServer

/// The process entry: blocks the daemon's signals and hands Swift concurrency to NIO's threads
/// before any other thread exists, then runs ``Windowd``.
///
/// Together with ``SignalReceiver`` and the store's own thread this keeps libdispatch from
/// starting worker threads: each new one asks for a nice value with `setpriority`, which the
/// unit's `SystemCallFilter=~@resources` refuses, and libdispatch logs that refusal to the
/// journal. The main thread waits here with the signals still blocked; an `async` main would
/// park it in libdispatch's `sigsuspend` with an empty mask, where a SIGHUP would kill it.
@main
enum Entry {
    static func main() {
        SignalReceiver.block()
        _ = NIOSingletons.unsafeTryInstallSingletonPosixEventLoopGroupAsConcurrencyGlobalExecutor()
        try? MultiThreadedEventLoopGroup.singleton.any().makeFutureWithTask { await Windowd.main(nil) }.wait()
    }
}
