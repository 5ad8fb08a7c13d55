import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

@Suite("Signal pipe")
struct SignalPipeTests {
    @Test("one pipe at a time catches the process's signals; the next is made once it is gone")
    func oneAtATime() throws {
        // raise(3) runs the handler before it returns, on a thread that does not block the signal.
        var windowChange = sigset_t()
        sigemptyset(&windowChange)
        sigaddset(&windowChange, SIGWINCH)
        pthread_sigmask(SIG_UNBLOCK, &windowChange, nil)
        do {
            let first = try #require(SignalPipe(catching: [SIGWINCH]))
            #expect(SignalPipe(catching: [SIGWINCH]) == nil, "a second pipe would take the first's signals")
            raise(SIGWINCH)
            #expect(first.drain() == [SIGWINCH])
        }
        let second = try #require(SignalPipe(catching: [SIGWINCH]))
        raise(SIGWINCH)
        #expect(second.drain() == [SIGWINCH])
    }
}
