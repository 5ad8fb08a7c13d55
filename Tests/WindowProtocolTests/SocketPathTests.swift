import Testing
import WindowProtocol

/// The one socket path rule of daemon and clients (windowd(8), Socket and access; windowd(8), Apps and instances).
@Suite("Socket paths")
struct SocketPathTests {
    let orders = try! AppID(validating: "orders")

    @Test("the default app: $WINDOWD_SOCKET, else windowd.sock in the runtime, root or /tmp directory")
    func defaultApp() throws {
        #expect(SocketPath.resolveDefault(environment: ["WINDOWD_SOCKET": "/s"], uid: 5) == "/s")
        #expect(
            SocketPath.resolveDefault(environment: ["XDG_RUNTIME_DIR": "/run/user/5"], uid: 5)
                == "/run/user/5/windowd/windowd.sock"
        )
        #expect(SocketPath.resolveDefault(environment: [:], uid: 0) == "/run/windowd/windowd.sock")
        #expect(SocketPath.resolveDefault(environment: [:], uid: 5) == "/tmp/windowd-5/windowd.sock")
        #expect(
            try SocketPath.resolve(socket: nil, app: nil, environment: [:], uid: 5) == "/tmp/windowd-5/windowd.sock"
        )
    }

    @Test("an app: APP_ID.sock in the same directory")
    func app() {
        #expect(
            SocketPath.forApp(orders, environment: ["XDG_RUNTIME_DIR": "/run/user/5"], uid: 5)
                == "/run/user/5/windowd/orders.sock"
        )
        #expect(SocketPath.forApp(orders, environment: [:], uid: 0) == "/run/windowd/orders.sock")
        #expect(SocketPath.forApp(orders, environment: [:], uid: 5) == "/tmp/windowd-5/orders.sock")
    }

    @Test("--socket, then --app, then $WINDOWD_SOCKET, then $WINDOWD_APP")
    func precedence() throws {
        let both = ["WINDOWD_SOCKET": "/env.sock", "WINDOWD_APP": "other", "XDG_RUNTIME_DIR": "/r"]
        #expect(try SocketPath.resolve(socket: "/flag.sock", app: orders, environment: both, uid: 5) == "/flag.sock")
        #expect(try SocketPath.resolve(socket: nil, app: orders, environment: both, uid: 5) == "/r/windowd/orders.sock")
        #expect(try SocketPath.resolve(socket: nil, app: nil, environment: both, uid: 5) == "/env.sock")
        #expect(
            try SocketPath.resolve(
                socket: "",
                app: nil,
                environment: ["WINDOWD_APP": "other", "XDG_RUNTIME_DIR": "/r"],
                uid: 5
            )
                == "/r/windowd/other.sock"
        )
        #expect(throws: AppID.Invalid.self) {
            try SocketPath.resolve(socket: nil, app: nil, environment: ["WINDOWD_APP": "../x"], uid: 5)
        }
    }
}

extension SocketPathTests {
    @Test(
        "an app named by a command its window group launched: the opener's $WINDOWD_SOCKET, whatever the place's runtime directory"
    )
    func appOfTheOpener() throws {
        let launched = ["WINDOWD_SOCKET": "/opener/orders.sock", "WINDOWD_APP": "orders", "XDG_RUNTIME_DIR": "/r"]
        #expect(SocketPath.clientSocket(of: orders, environment: launched, uid: 5) == "/opener/orders.sock")
        #expect(
            try SocketPath.resolve(socket: nil, app: orders, environment: launched, uid: 5) == "/opener/orders.sock"
        )
        let otherApp = ["WINDOWD_SOCKET": "/opener/notes.sock", "WINDOWD_APP": "notes", "XDG_RUNTIME_DIR": "/r"]
        #expect(SocketPath.clientSocket(of: orders, environment: otherApp, uid: 5) == "/r/windowd/orders.sock")
        let socketOnly = ["WINDOWD_SOCKET": "/env.sock", "XDG_RUNTIME_DIR": "/r"]
        #expect(SocketPath.clientSocket(of: orders, environment: socketOnly, uid: 5) == "/r/windowd/orders.sock")
    }
}

/// What "cannot reach windowd" advises (windowd(8), Apps and instances: clients do not start instances).
@Suite("Start advice")
struct StartAdviceTests {
    @Test("an app's socket: how to start its instance; any other: how to name the socket")
    func advice() {
        #expect(
            SocketPath.startAdvice(for: "/run/user/5/windowd/orders.sock")
                == "is app orders's instance running? start it with 'systemctl --user enable --now windowd@orders.socket' or 'windowd --app orders'"
        )
        #expect(
            SocketPath.startAdvice(for: "/run/user/5/windowd/windowd.sock")
                == "is windowd running? set --socket or WINDOWD_SOCKET"
        )
        #expect(SocketPath.startAdvice(for: "/tmp/windowd-5/s.sock").hasPrefix("is app s's instance"))
        #expect(SocketPath.startAdvice(for: "/tmp/x/s.sock") == "is windowd running? set --socket or WINDOWD_SOCKET")
        #expect(SocketPath.startAdvice(for: "/tmp/x/S.sock") == "is windowd running? set --socket or WINDOWD_SOCKET")
        #expect(
            SocketPath.startAdvice(for: "/run/windowd/orders.sock")
                == "is app orders's instance running? start it with 'systemctl enable --now windowd@orders.socket' or 'windowd --app orders'"
        )
    }

    @Test("a daemon that does not answer: the unit to look at, the system's or the user's, the app's or windowd's")
    func stuckAdvice() {
        #expect(
            SocketPath.stuckAdvice(for: "/run/user/5/windowd/orders.sock")
                == "is it stopped or stuck? see 'systemctl --user status windowd@orders'"
        )
        #expect(
            SocketPath.stuckAdvice(for: "/run/windowd/orders.sock")
                == "is it stopped or stuck? see 'systemctl status windowd@orders'"
        )
        #expect(
            SocketPath.stuckAdvice(for: "/run/windowd/windowd.sock")
                == "is it stopped or stuck? see 'systemctl status windowd'"
        )
        #expect(
            SocketPath.stuckAdvice(for: "/run/user/5/windowd/windowd.sock")
                == "is it stopped or stuck? see 'systemctl --user status windowd'"
        )
        #expect(SocketPath.stuckAdvice(for: "/tmp/x/s.sock") == "is it stopped or stuck?")
    }
}
