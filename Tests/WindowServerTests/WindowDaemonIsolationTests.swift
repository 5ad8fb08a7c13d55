import Logging
import NIOCore
import NIOPosix
import Testing
import WindowEngine

@testable import WindowServer

/// ``WindowDaemon`` is an actor whose executor is its event loop (ARCHITECTURE.md, "The
/// targets"): a task that awaits it runs on that loop, and what already runs there (channel
/// handlers, NIO's callbacks) enters it synchronously.
@Suite("WindowDaemon on its loop")
struct WindowDaemonIsolationTests {
    @Test("a task that awaits the daemon runs on the daemon's event loop")
    func awaitedOnItsLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let daemon = Self.daemon(on: group.next())
        let onItsLoop = await daemon.runsOnItsLoop()
        #expect(onItsLoop)
        try await group.shutdownGracefully()
    }

    @Test("code on the loop enters the daemon at once, in the same loop turn")
    func enteredFromItsLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let daemon = Self.daemon(on: loop)
        let entered = try await loop.submit { daemon.assumeIsolated { $0.runsOnItsLoop() } }.get()
        #expect(entered)
        try await group.shutdownGracefully()
    }

    /// A daemon with the default config over an empty in-memory store, not started.
    static func daemon(on loop: any EventLoop) -> WindowDaemon {
        WindowDaemon(
            config: DaemonConfig(),
            eventLoop: loop,
            hooks: LifecycleHooks(),
            store: MemoryStateStore(),
            restored: WindowRegistry(),
            storedSession: nil,
            logger: Logger(label: "windowd.test") { _ in SwiftLogNoOpLogHandler() }
        )
    }
}

extension WindowDaemon {
    /// Whether this isolated method runs on the daemon's event loop.
    fileprivate func runsOnItsLoop() -> Bool { eventLoop.inEventLoop }
}
