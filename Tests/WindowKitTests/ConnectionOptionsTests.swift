import Testing
import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// Which socket WindowKit connects to (windowd(8), Socket and access; windowd(8), Apps and instances).
@Suite("Connection options")
struct ConnectionOptionsTests {
    @Test("an app id picks that app's socket in the socket directory; a socket path beats it")
    func app() throws {
        let orders = try AppID(validating: "orders")
        let directory = SocketPath.directory(environment: SocketPath.processEnvironment(), uid: getuid())
        #expect(ConnectionOptions(app: orders).socketPath == directory + "/orders.sock")
        #expect(ConnectionOptions(socketPath: "/tmp/x.sock", app: orders).socketPath == "/tmp/x.sock")
        #expect(ConnectionOptions().socketPath == ConnectionOptions.defaultSocketPath())
    }
}
