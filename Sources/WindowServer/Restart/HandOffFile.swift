import Foundation
import Glibc
import POSIXSupport

/// Writes the hand-off state to an anonymous shared-memory file, and reads it back.
///
/// `shm_open` + `shm_unlink` gives the same unnamed, fd-only file as `memfd_create`
/// (which Glibc hides from Swift without `_GNU_SOURCE`).
enum HandOffFile {
    /// The name the state file carries in the fd store and in `LISTEN_FDNAMES`.
    static let name = "handoff-state"

    /// A new descriptor holding `state`, positioned at its start.
    static func write(_ state: HandOffState) throws -> Int32 {
        let data = try state.bytes()
        let path = "/windowd-handoff-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let fd = shm_open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw SystemCallError(call: "shm_open", errno: errno) }
        shm_unlink(path)
        var offset = 0
        while offset < data.count {
            let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else {
                let code = errno
                close(fd)
                throw SystemCallError(call: "write", errno: code)
            }
            offset += written
        }
        lseek(fd, 0, SEEK_SET)
        return fd
    }

    /// The state in `fd` (which is closed); `nil` if it does not decode.
    static func read(_ fd: Int32) -> HandOffState? {
        defer { close(fd) }
        lseek(fd, 0, SEEK_SET)
        guard let data = try? WholeFile.read(descriptor: fd) else { return nil }
        return HandOffState(bytes: data)
    }
}
