import Logging
import NIOCore
import NIOPosix
import Testing
import WindowCore
import WindowStore
import WindowProtocol
@testable import WindowServer

@Suite("Commit pipeline")
struct CommitPipelineTests {
    /// What the pipeline's hooks and waiters did, in order; used on the loop only.
    final class Log {
        var entries: [String] = []
    }

    @Test("a refused commit of requests' changes: the daemon rolls back first, then every waiter is told the failure; a retry is committed once the store accepts")
    func refusedThenRetried() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let loop = group.next()
        let store = MemoryStateStore()
        store.refuseCommits("No space left on device")
        let window = StoredWindow(id: WindowID.random(), group: "detail", value: .int(1), createdAt: "2026-01-01T00:00:00Z", order: 0)
        let entries = try loop.flatSubmit {
            let pipeline = CommitPipeline(store: store, eventLoop: loop, logger: Logger(label: "test"))
            let log = Log()
            let done = loop.makePromise(of: [String].self)
            pipeline.onCommitStart = { log.entries.append("start") }
            pipeline.onRollBack = { log.entries.append("roll back") }
            pipeline.onCommitted = { log.entries.append("committed, nothing queued: \($0)") }
            pipeline.add([.windowCreated(window)])
            pipeline.whenDurable { log.entries.append("first: \($0?.description ?? "saved")") }
            pipeline.add([.storageSet(window.id, key: "k", value: .int(1))])
            pipeline.whenDurable { failure in
                log.entries.append("second: \(failure?.description ?? "saved")")
                store.refuseCommits(nil)
                pipeline.add([.windowCreated(window)])
                pipeline.whenDurable { failure in
                    log.entries.append("retry: \(failure?.description ?? "saved")")
                    done.succeed(log.entries)
                }
            }
            return done.futureResult
        }.wait()
        #expect(entries == [
            "start", "roll back", "first: No space left on device", "second: No space left on device",
            "start", "committed, nothing queued: true", "retry: saved",
        ])
        #expect(store.snapshot.windows == [window], "only the retry is stored")
        #expect(store.snapshot.storage.isEmpty, "the refused storage.set is not")
    }
}
