import POSIXSupport
import Testing

/// The statuses `winctl run` passes on, from raw `waitpid` statuses.
@Suite("Process status: shell status, stops and continues")
struct ProcessStatusTests {
    @Test("exit status N is N; signal N is 128 + N, as a shell says")
    func shellStatus() {
        #expect(ProcessTermination.exited(3).shellStatus == 3)
        #expect(ProcessTermination.signaled(1).shellStatus == 129)
        #expect(ProcessTermination.signaled(9).shellStatus == 137)
    }

    @Test("raw waitpid statuses: stopped by SIGTSTP, continued, exited, signaled")
    func changes() {
        #expect(ChildChange(waitStatus: 0x147f) == .stopped(20))
        #expect(ChildChange(waitStatus: 0xffff) == .continued)
        #expect(ChildChange(waitStatus: 0x0300) == .ended(.exited(3)))
        #expect(ChildChange(waitStatus: 0x0002) == .ended(.signaled(2)))
    }
}
