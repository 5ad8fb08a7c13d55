import POSIXSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The one Unix-socket connect: a path, an abstract name, a path too long, nobody listening.
@Suite("Unix socket connection: addresses and connects")
struct UnixSocketConnectionTests {
    /// A stream socket listening at `path` (or the abstract `path`); its descriptor.
    private static func listener(_ path: String, abstract: Bool = false) throws -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        try #require(fd >= 0)
        try #require(UnixSocketConnection.withAddress(of: path, abstract: abstract) { bind(fd, $0, $1) } == 0)
        try #require(listen(fd, 4) == 0)
        return fd
    }

    @Test("a path and an abstract name are connected; a path nobody serves is not")
    func connects() throws {
        let path = "/tmp/wdt-usc-\(getpid()).sock"
        unlink(path)
        let file = try Self.listener(path)
        defer {
            close(file)
            unlink(path)
        }
        #expect(UnixSocketConnection.isServed(path))
        let name = "windowd-test-\(getpid())"
        let abstract = try Self.listener(name, abstract: true)
        defer { close(abstract) }
        let connected = try UnixSocketConnection.connect(to: name, abstract: true).get()
        close(connected)
        #expect(
            UnixSocketConnection.connect(to: name + "-none", abstract: true)
                == .failure(SystemCallError(call: "connect \(name)-none", errno: ECONNREFUSED))
        )
        #expect(
            UnixSocketConnection.connect(to: path + "-none")
                == .failure(SystemCallError(call: "connect \(path)-none", errno: ENOENT))
        )
    }

    @Test("a path longer than sun_path holds is refused with ENAMETOOLONG, before any call")
    func tooLong() {
        let path = "/tmp/" + String(repeating: "x", count: 120)
        #expect(UnixSocketConnection.withAddress(of: path) { _, _ in true } == nil)
        #expect(
            UnixSocketConnection.connect(to: path)
                == .failure(SystemCallError(call: "connect \(path)", errno: ENAMETOOLONG))
        )
    }
}
