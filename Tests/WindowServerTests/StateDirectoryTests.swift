import Testing
import WindowProtocol

@testable import WindowServer

/// Where state lives, for the default app and for an app's instance (windowd.toml(5); windowd(8), Apps and instances).
@Suite("State directory")
struct StateDirectoryTests {
    let orders = try! AppID(validating: "orders")

    @Test(
        "the default app: the config, $STATE_DIRECTORY, $XDG_STATE_HOME/windowd, /var/lib/windowd, ~/.local/state/windowd"
    )
    func defaultApp() {
        #expect(StateDirectory.resolve(configured: "/c", environment: ["STATE_DIRECTORY": "/s"], uid: 5) == "/c")
        #expect(StateDirectory.resolve(configured: "", environment: ["STATE_DIRECTORY": "/s:/t"], uid: 5) == "/s")
        #expect(StateDirectory.resolve(configured: "", environment: ["XDG_STATE_HOME": "/x"], uid: 5) == "/x/windowd")
        #expect(StateDirectory.resolve(configured: "", environment: [:], uid: 0) == "/var/lib/windowd")
        #expect(
            StateDirectory.resolve(configured: "", environment: ["HOME": "/h"], uid: 5) == "/h/.local/state/windowd"
        )
    }

    @Test("an app: its id below windowd's, or the template unit's $STATE_DIRECTORY as it is")
    func app() {
        #expect(
            StateDirectory.resolve(configured: "", environment: ["XDG_STATE_HOME": "/x"], uid: 5, app: orders)
                == "/x/windowd/orders"
        )
        #expect(
            StateDirectory.resolve(configured: "", environment: [:], uid: 0, app: orders) == "/var/lib/windowd/orders"
        )
        #expect(StateDirectory.resolve(configured: "/c", environment: [:], uid: 5, app: orders) == "/c/orders")
        #expect(
            StateDirectory.resolve(
                configured: "",
                environment: ["STATE_DIRECTORY": "/var/lib/windowd/orders"],
                uid: 0,
                app: orders
            )
                == "/var/lib/windowd/orders"
        )
        #expect(
            StateDirectory.resolve(
                configured: "",
                environment: ["STATE_DIRECTORY": "/var/lib/windowd-orders"],
                uid: 0,
                app: orders
            )
                == "/var/lib/windowd-orders"
        )
    }
}
