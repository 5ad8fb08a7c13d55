import CGlibcExtensions
import Glibc

/// The two ends of a new pipe, both close-on-exec from the start (`pipe2(O_CLOEXEC)`), so that no
/// child another thread starts meanwhile inherits one; a child gets an end only as one of its
/// standard streams. The caller closes both.
package struct PipeEnds: Sendable {
    /// The end to read from.
    package let read: Int32
    /// The end to write to.
    package let write: Int32

    /// A new pipe.
    package init() throws(SystemCallError) {
        var ends: [Int32] = [-1, -1]
        guard windowd_pipe_cloexec(&ends) == 0 else { throw SystemCallError(call: "pipe2", errno: errno) }
        read = ends[0]
        write = ends[1]
    }
}
