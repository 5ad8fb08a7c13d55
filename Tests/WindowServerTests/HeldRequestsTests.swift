import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

/// Which lines wait for the end of `loading` (windowd-protocol(7), app.transition), and how many a connection may have waiting.
@Suite("Held requests")
struct HeldRequestsTests {
    static let coordinator = SceneCoordinator(
        groups: [
            WindowGroup(id: "detail", valueType: .int),
            WindowGroup(id: "orders", valueType: .string, requiresAuth: true),
        ],
        limits: CoordinatorLimits()
    )

    static func waits(_ line: String, coordinator: SceneCoordinator = Self.coordinator) -> Bool {
        Array(line.utf8).withUnsafeBytes { HeldRequests.waitsForLoading($0, coordinator: coordinator) }
    }

    @Test("an attach to a group that needs a user waits, alone or in a batch; nothing else does")
    func whichLinesWait() {
        #expect(
            Self.waits(#"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"orders","value":"a"}}"#)
        )
        #expect(
            Self.waits(
                #"[{"jsonrpc":"2.0","id":1,"method":"app.state"},{"jsonrpc":"2.0","id":2,"method":"window.attach","params":{"group":"orders"}}]"#
            )
        )
        #expect(
            !Self.waits(#"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"detail","value":1}}"#)
        )
        #expect(
            !Self.waits(#"{"jsonrpc":"2.0","id":1,"method":"window.open","params":{"group":"orders","value":"a"}}"#)
        )
        #expect(
            !Self.waits(
                #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"id":"00000000-0000-4000-8000-000000000000"}}"#
            )
        )
        #expect(!Self.waits("not json"))
        var signedOut = Self.coordinator
        var effects: [Effect] = []
        signedOut.finishLoading(storedSession: nil, now: 0, effects: &effects)
        #expect(
            !Self.waits(
                #"{"jsonrpc":"2.0","id":1,"method":"window.attach","params":{"group":"orders","value":"a"}}"#,
                coordinator: signedOut
            )
        )
    }

    @Test("lines come back in order; a connection has at most maximumPerConnection waiting")
    func orderAndCap() {
        var held = HeldRequests()
        let one = ConnectionID(1)
        let two = ConnectionID(2)
        func hold(_ text: String, _ connection: ConnectionID) -> Bool {
            Array(text.utf8).withUnsafeBytes { held.hold($0, from: connection) }
        }
        #expect(hold("a", one) && hold("b", two) && hold("c", one))
        #expect(held.holds(one) && held.holds(two))
        held.drop(two)
        #expect(!held.holds(two))
        for _ in 2..<HeldRequests.maximumPerConnection { #expect(hold("x", one)) }
        #expect(!hold("over", one))
        let lines = held.takeAll()
        #expect(lines.prefix(2).map { String(decoding: $0.line, as: UTF8.self) } == ["a", "c"])
        #expect(lines.count == HeldRequests.maximumPerConnection)
        #expect(held.isEmpty && !held.holds(one))
    }
}
