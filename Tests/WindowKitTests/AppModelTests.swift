import Testing

@testable import WindowKit

@Suite("The app model")
struct AppModelTests {
    @Test("a snapshot, then events: windows oldest first, state and aggregate as the events say")
    func snapshotThenEvents() {
        var model = AppModel()
        let first = Fixtures.window("b", createdAt: "2025-01-01T00:00:01Z")
        let second = Fixtures.window("a", createdAt: "2025-01-01T00:00:02Z")
        model.adopt(EventsSubscribe.Snapshot(state: .unauthenticated, phase: .inactive, windows: [second, first]))
        #expect(model.windowList.map(\.id) == ["b", "a"])
        #expect(model.state == .unauthenticated)

        model.apply(.appState(.authenticated(user: "alice"), previous: .unauthenticated))
        model.apply(.scenePhase(.active, previous: .inactive))
        var active = second
        active.phase = .active
        model.apply(.windowPhase(active))
        model.apply(.windowClosed(first))
        #expect(model.state == .authenticated(user: "alice"))
        #expect(model.aggregate == .active)
        #expect(model.windowList == [active])

        model.apply(.daemonRestarted(resync: true))
        #expect(model.windowList == [active], "a restart is no change of the model")
    }

    @Test("a refused re-attach is the dismissal it amounts to")
    func refusedReattach() {
        let role = PresenterRole(window: Fixtures.window("w", phase: .inactive, attached: true))
        #expect(role.dismissal(refusedWith: .windowBusy).reason == .takeover)
        #expect(role.dismissal(refusedWith: .unauthenticated).reason == .signedOut)
        #expect(role.dismissal(refusedWith: .unknownWindow).reason == .closed)
        #expect(
            [.windowBusy, .unauthenticated, .unknownWindow].allSatisfy {
                role.dismissal(refusedWith: $0).refusedReturn
            },
            "told apart from a window.dismiss"
        )
        #expect(role.reattachParams.id == "w" && role.reattachParams.phase == .inactive)
        #expect(
            role.reopenParams.group == "detail" && role.reopenParams.value == .int(1) && role.reopenParams.id == nil
        )
    }

    @Test("a presenter keeps the place it attached from, for re-attaching and coming to front")
    func roleKeepsItsPlace() {
        let place = Place(kind: .tmux, socket: "/tmp/tmux-0/default", pane: "%1")
        var window = Fixtures.window("w", attached: true)
        window.place = place
        var role = PresenterRole(window: window)
        var seen = window
        seen.place = nil  // the daemon's copy after a graceful restart: the hand-off keeps no place
        role.window = seen
        #expect(role.place == place && role.reattachParams.place == place && role.reopenParams.place == place)
    }

    @Test("typed events from the wire")
    func eventDecoding() throws {
        let window = Fixtures.window("w")
        let windowJSON = try JSONParser.parse(JSONWriter.bytes(window))
        let dismiss = try JSONValueDecoder().decode(
            EventMessage.self,
            from: .object([
                "method": .string("window.dismiss"),
                "params": .object(["seq": .int(3), "window": windowJSON, "reason": .string("signedOut")]),
            ])
        )
        #expect(try EventDecoding.appEvent(dismiss) == .windowDismiss(window, reason: .signedOut))
        let restarted = try JSONValueDecoder().decode(
            EventMessage.self,
            from: .object([
                "method": .string("daemon.restarted"), "params": .object(["seq": .int(1), "resync": .bool(true)]),
            ])
        )
        #expect(try EventDecoding.appEvent(restarted) == .daemonRestarted(resync: true))
        let future = try JSONValueDecoder().decode(
            EventMessage.self,
            from: .object(["method": .string("window.sparkle"), "params": .object(["seq": .int(4)])])
        )
        #expect(try EventDecoding.appEvent(future) == nil, "an event of a newer daemon is skipped")
    }

    @Test("responses and events are told apart; a refusal keeps its reason")
    func incoming() throws {
        let response = try Incoming(
            JSONParser.parse(Array(#"{"jsonrpc":"2.0","id":7,"result":{"state":{"state":"loading"}}}"#.utf8))
        )
        guard case .response(.number(7)?, .success(let result)) = response else {
            Issue.record("\(response)")
            return
        }
        #expect(result["state"] != nil)
        let refusal = try Incoming(
            JSONParser.parse(
                Array(
                    #"{"jsonrpc":"2.0","id":8,"error":{"code":-32000,"message":"sign in first","data":{"reason":"unauthenticated"}}}"#
                        .utf8
                )
            )
        )
        guard case .response(_, .failure(let error)) = refusal else {
            Issue.record("\(refusal)")
            return
        }
        #expect(WindowKitError.refused(error).reason == .unauthenticated)
        #expect(throws: WindowKitError.self) { try Incoming(.array([])) }
    }
}

extension JSONValue {
    subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
