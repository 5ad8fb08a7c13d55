import TestSupport
import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// A call whose task is cancelled ends at once, answered or not, and leaves the connection as it was.
@Suite("WindowKit: cancelled calls", .serialized, .timeLimit(.minutes(3)))
struct CallCancellationTests {
    @Test("a call cancelled while windowd does not answer throws CancellationError at once; the next call is answered")
    func cancelledWhileUnanswered() async throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        // A request timeout far beyond the test's time limit: only the cancellation can end the call.
        let app = try await AppClient.connect(
            ConnectionOptions(socketPath: daemon.socketPath, requestTimeout: .seconds(3_600))
        )
        daemon.process.signal(SIGSTOP)
        let unanswered = Task { try await app.status() }
        let cancelledFirst = Task { try await app.listWindows() }
        cancelledFirst.cancel()
        unanswered.cancel()
        await #expect(throws: CancellationError.self) { try await unanswered.value }
        await #expect(throws: CancellationError.self) { try await cancelledFirst.value }
        daemon.process.signal(SIGCONT)
        #expect(try await app.listWindows().isEmpty, "the connection goes on: the next call is answered")
        await app.close()
    }
}
