import Glibc
import Synchronization

/// The write end of the live pipe's self-pipe (-1: none), for the signal handler: the one thing
/// it may touch. Signal dispositions belong to the process, so one pipe at a time catches them.
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// Signals turned into bytes on a pipe, so that a presenter's loop handles them in turn.
///
/// ```swift
/// let signals = SignalPipe(catching: [SIGWINCH, SIGTSTP, SIGCONT])!
/// for await signal in signals.signals() { … }   // or poll `fileDescriptor` and `drain()`
/// ```
///
/// The handler only writes the signal's number to the pipe (async-signal-safe, and a
/// C function pointer capturing nothing); everything else happens in the loop. One lives at a
/// time: signal actions belong to the process, so a second pipe is not made while one lives.
///
/// Sendable for real: the descriptors never change, and the saved actions that
/// ``restoreDefault(_:)`` and `deinit` change are behind a `Mutex`.
public final class SignalPipe: Sendable {
    /// The read end, for `poll`.
    public let fileDescriptor: Int32
    private let writeEnd: Int32
    private let signals: [Int32]
    /// The actions the signals had before, put back in `deinit`.
    private let previous = Mutex<[Int32: SavedAction]>([:])

    /// Catches `signals` from now on; `nil` if the pipe cannot be made, or another lives.
    public init?(catching signals: [Int32]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        let (taken, _) = signalPipeWriteEnd.compareExchange(
            expected: -1,
            desired: ends[1],
            ordering: .sequentiallyConsistent
        )
        guard taken else {
            close(ends[0])
            close(ends[1])
            return nil
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
        self.signals = signals
        let handler: @convention(c) (Int32) -> Void = { signal in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: signal)
            _ = write(signalPipeWriteEnd.load(ordering: .relaxed), &byte, 1)
            errno = saved
        }
        var saved: [Int32: SavedAction] = [:]
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            var old = sigaction()
            sigaction(signal, &action, &old)
            saved[signal] = SavedAction(action: old)
        }
        previous.withLock { $0 = saved }
    }

    deinit {
        previous.withLock { saved in
            for (signal, old) in saved {
                var action = old.action
                sigaction(signal, &action, nil)
            }
        }
        signalPipeWriteEnd.store(-1, ordering: .sequentiallyConsistent)
        close(fileDescriptor)
        close(writeEnd)
    }

    /// The signals caught since the last call, in order, each once per delivery.
    public func drain() -> [Int32] {
        var caught: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(fileDescriptor, &buffer, buffer.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return caught }
            caught += buffer[..<count].map { Int32($0) }
        }
    }

    /// Puts `signal` back to its default action, for re-raising it on the way out.
    public func restoreDefault(_ signal: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = SIG_DFL
        sigemptyset(&action.sa_mask)
        previous.withLock { saved in
            sigaction(signal, &action, nil)
            saved[signal] = nil
        }
    }
}

/// A `sigaction` as it was saved: plain values (a handler pointer, a mask, flags) that any thread
/// may hand back to `sigaction(2)`.
private struct SavedAction: @unchecked Sendable {
    let action: sigaction
}
