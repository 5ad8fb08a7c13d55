import Testing
import WindowProtocol

/// The one socket path rule of daemon and clients (SPEC sections 7 and 12).
@Suite("Socket paths")
struct SocketPathTests {
    let orders = try! AppID(validating: "orders")

    @Test("the default app: $WINDOWD_SOCKET, else windowd.sock in the runtime, root or /tmp directory")
    func defaultApp() throws {
        #expect(SocketPath.resolveDefault(environment: ["WINDOWD_SOCKET": "/s"], uid: 5) == "/s")
        #expect(SocketPath.resolveDefault(environment: ["XDG_RUNTIME_DIR": "/run/user/5"], uid: 5) == "/run/user/5/windowd/windowd.sock")
        #expect(SocketPath.resolveDefault(environment: [:], uid: 0) == "/run/windowd/windowd.sock")
        #expect(SocketPath.resolveDefault(environment: [:], uid: 5) == "/tmp/windowd-5/windowd.sock")
        #expect(try SocketPath.resolve(socket: nil, app: nil, environment: [:], uid: 5) == "/tmp/windowd-5/windowd.sock")
    }

    @Test("an app: APP_ID.sock in the same directory")
    func app() {
        #expect(SocketPath.forApp(orders, environment: ["XDG_RUNTIME_DIR": "/run/user/5"], uid: 5) == "/run/user/5/windowd/orders.sock")
        #expect(SocketPath.forApp(orders, environment: [:], uid: 0) == "/run/windowd/orders.sock")
        #expect(SocketPath.forApp(orders, environment: [:], uid: 5) == "/tmp/windowd-5/orders.sock")
    }

    @Test("--socket, then --app, then $WINDOWD_SOCKET, then $WINDOWD_APP")
    func precedence() throws {
        let both = ["WINDOWD_SOCKET": "/env.sock", "WINDOWD_APP": "other", "XDG_RUNTIME_DIR": "/r"]
        #expect(try SocketPath.resolve(socket: "/flag.sock", app: orders, environment: both, uid: 5) == "/flag.sock")
        #expect(try SocketPath.resolve(socket: nil, app: orders, environment: both, uid: 5) == "/r/windowd/orders.sock")
        #expect(try SocketPath.resolve(socket: nil, app: nil, environment: both, uid: 5) == "/env.sock")
        #expect(try SocketPath.resolve(socket: "", app: nil, environment: ["WINDOWD_APP": "other", "XDG_RUNTIME_DIR": "/r"], uid: 5)
                == "/r/windowd/other.sock")
        #expect(throws: AppID.Invalid.self) { try SocketPath.resolve(socket: nil, app: nil, environment: ["WINDOWD_APP": "../x"], uid: 5) }
    }
}
