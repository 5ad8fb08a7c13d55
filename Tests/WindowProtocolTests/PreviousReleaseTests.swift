import TestSupport
import Testing
import WindowProtocol

/// Today's types read every reply and event windowd 0.1.0 sent (recorded from a real daemon in
/// `Tests/Fixtures/windowd-0.1.0.transcript`): winctl, WindowClient and WindowKit all decode
/// through them, so a member added since decodes as absent or its default
/// (windowd-protocol(7), "Versions").
@Suite("The previous release's replies")
struct PreviousReleaseTests {
    /// Decodes `result` as the result of `method`; throws if it does not decode.
    static func decode(_ result: JSONValue, of method: String) throws {
        let decoder = JSONValueDecoder()
        let types: [String: any Decodable.Type] = [
            Hello.name: Hello.Result.self, WindowOpen.name: WindowOpen.Result.self,
            WindowClose.name: WindowClose.Result.self,
            WindowFocus.name: WindowFocus.Result.self, WindowList.name: WindowList.Result.self,
            WindowAttach.name: WindowAttach.Result.self,
            WindowDetach.name: WindowDetach.Result.self, SceneSetPhase.name: SceneSetPhase.Result.self,
            ScenePhaseQuery.name: ScenePhaseQuery.Result.self,
            StorageGet.name: StorageGet.Result.self, StorageSet.name: StorageSet.Result.self,
            StorageRemove.name: StorageRemove.Result.self,
            AppStateQuery.name: AppStateQuery.Result.self, AppTransition.name: AppTransition.Result.self,
            EventsSubscribe.name: EventsSubscribe.Result.self, DaemonStatus.name: DaemonStatus.Result.self,
            DaemonGroups.name: DaemonGroups.Result.self, DaemonReload.name: DaemonReload.Result.self,
        ]
        guard let type = types[method] else { throw TestFailure("no result type for \(method)") }
        _ = try decoder.decode(type, from: result)
    }

    @Test("every result and error of windowd 0.1.0 decodes with today's types")
    func replies() throws {
        let session = try RecordedSession.previousRelease()
        #expect(Set(session.exchanges.map(\.method)).count >= 18, "the session covers every method")
        for exchange in session.exchanges {
            if let error = exchange.replyValue["error"] {
                #expect(throws: Never.self, "\(exchange.reply)") {
                    _ = try JSONValueDecoder().decode(RPCError.self, from: error)
                }
            } else {
                let result = try #require(exchange.replyValue["result"], "\(exchange.reply)")
                #expect(throws: Never.self, "\(exchange.method): \(exchange.reply)") {
                    try Self.decode(result, of: exchange.method)
                }
            }
        }
    }

    @Test("window.open of 0.1.0 has no outcome: created says it (created, or brought to front)")
    func openOutcome() throws {
        let session = try RecordedSession.previousRelease()
        let opens = session.exchanges.filter { $0.method == WindowOpen.name && $0.replyValue["result"] != nil }
        let outcomes = try opens.map {
            try JSONValueDecoder().decode(WindowOpen.Result.self, from: $0.replyValue["result"]!)
        }
        #expect(opens.allSatisfy { $0.replyValue["result"]?["outcome"] == nil }, "recorded before outcome existed")
        #expect(outcomes.map(\.outcome) == outcomes.map { $0.created ? .created : .focused })
        #expect(outcomes.map(\.outcome).contains(.focused) && outcomes.map(\.outcome).contains(.created))
        #expect(outcomes.allSatisfy { $0.command == nil })
    }

    @Test("every event of windowd 0.1.0 decodes with today's types")
    func events() throws {
        let session = try RecordedSession.previousRelease()
        let decoder = JSONValueDecoder()
        var names: Set<String> = []
        for line in session.events.values.joined() {
            let message = try decoder.decode(EventMessage.self, from: try JSONValue.parse(line))
            names.insert(message.name)
            let params = JSONValue.object(message.params)
            let type: any Decodable.Type
            switch EventName(rawValue: message.name) {
            case .windowOpened, .windowClosed, .windowPhase, .windowFocus: type = WindowEvent.self
            case .windowDismiss: type = WindowDismissEvent.self
            case .scenePhase: type = ScenePhaseEvent.self
            case .appState: type = AppStateEvent.self
            case .daemonReloaded, .daemonStopping: type = [String: JSONValue].self
            default: throw TestFailure("an event today's types do not know: \(line)")
            }
            #expect(throws: Never.self, "\(line)") { _ = try decoder.decode(type, from: params) }
        }
        #expect(
            names.isSuperset(of: [
                "window.opened", "window.closed", "window.phase", "window.focus", "window.dismiss", "scene.phase",
                "app.state", "daemon.reloaded",
            ]),
            "the session covers the events: \(names)"
        )
    }
}
