import Testing
@testable import WindowServer

@Suite("Rollback point")
struct RollbackPointTests {
    @Test("a failure goes back to the value of the last commit, dropping every request's change after it")
    func failureRestoresLastCommit() {
        var point = RollbackPoint([1])
        var current = [1, 2]
        point.commitStarted(with: current)
        current.append(3)
        point.committed(current: current, nothingQueued: false)
        #expect(point.stable == [1, 2], "3 is queued for the next transaction, not committed")
        point.commitStarted(with: current)
        current.append(4)
        #expect(point.failed() == [1, 2])
    }

    @Test("with nothing queued after a commit, the current value (changes that need no commit included) is the point")
    func idleCommitTakesCurrent() {
        var point = RollbackPoint([0])
        point.commitStarted(with: [0, 1])
        point.committed(current: [0, 1, 9], nothingQueued: true)
        #expect(point.stable == [0, 1, 9])
    }

    @Test("the daemon's own changes survive a failure, made during a commit or before it")
    func ownChangesSurvive() {
        var point = RollbackPoint([1])
        point.apply { $0.append(100) }
        point.commitStarted(with: [1, 100, 2])
        point.apply { $0.append(200) }
        #expect(point.failed() == [1, 100, 200])
        point.commitStarted(with: [1, 100, 200, 3])
        point.apply { $0.append(300) }
        point.committed(current: [1, 100, 200, 3, 300, 4], nothingQueued: false)
        #expect(point.stable == [1, 100, 200, 3, 300])
    }
}
