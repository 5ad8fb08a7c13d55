import POSIXSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite("Whole file: a file, a descriptor to its end, a limit, a missing file")
struct WholeFileTests {
    @Test("a file larger than one read comes back whole; a limit stops just past it")
    func reads() throws {
        let path = "/tmp/wdt-wholefile-\(getpid())"
        defer { unlink(path) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
        #expect(try WholeFile.read(path) == bytes)
        let reading = open(path, O_RDONLY)
        defer { close(reading) }
        let limited = try WholeFile.read(descriptor: reading, limit: 1000)
        #expect(limited.count > 1000 && limited.count < bytes.count)
    }

    @Test("a missing file throws the open's errno, naming the path")
    func missing() {
        #expect(throws: SystemCallError(call: "open /nonexistent/windowd", errno: ENOENT)) {
            try WholeFile.read("/nonexistent/windowd")
        }
        #expect(WholeFile.text("/nonexistent/windowd") == nil)
    }
}
