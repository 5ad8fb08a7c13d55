import Glibc
import POSIXSupport

/// The pipe a check's standard output and error go to, read by the daemon without blocking
/// (on the event loop, at each reap) into a ``PrintedOutput``: all of it is read, so that the
/// program never blocks on a full pipe, and only what a log line shows is kept.
final class OutputPipe {
    /// The end the child writes to; closed in the daemon once the child has it.
    private(set) var writeEnd: Int32
    private var readEnd: Int32
    /// What was read so far.
    private(set) var printed = PrintedOutput()

    init() throws(SystemCallError) {
        let ends = try PipeEnds()
        readEnd = ends.read
        writeEnd = ends.write
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit { close() }

    /// Closes the daemon's copy of the write end, so that the pipe ends when the child's do.
    func closeWriteEnd() {
        if writeEnd >= 0 { Glibc.close(writeEnd) }
        writeEnd = -1
    }

    /// Reads what is there now, without waiting.
    func drain() {
        guard readEnd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count > 0 {
                printed.append(buffer[0..<count])
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return  // EAGAIN: nothing more now; 0: every writer is gone.
            }
        }
    }

    /// Reads what is left and closes both ends; a writer still holding the pipe (something the
    /// check started) gets EPIPE from then on.
    func close() {
        drain()
        closeWriteEnd()
        if readEnd >= 0 { Glibc.close(readEnd) }
        readEnd = -1
    }
}
