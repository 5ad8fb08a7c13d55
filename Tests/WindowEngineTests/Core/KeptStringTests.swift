import Testing
import WindowEngine
import WindowProtocol

/// A string windowd keeps or passes on as an argument holds no U+0000 (windowd-protocol(7),
/// "Strings"): refused as an argument the operation cannot take, naming the member, and nothing changes.
@Suite("Strings with U+0000")
struct KeptStringTests {
    func coordinator() -> SceneCoordinator {
        var coordinator = SceneCoordinator(
            groups: [WindowGroup(id: "s", valueType: .string, launch: ["show", "{value}"])],
            limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100, phaseSettle: 0)
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    func expectRefused(member: String, _ body: () throws(Refusal) -> Void) {
        do {
            try body()
            Issue.record("a string holding U+0000 as '\(member)' was accepted")
        } catch {
            #expect(error.reason == .invalidArgument, "\(error)")
            #expect(error.message.contains("'\(member)'") && error.message.contains("U+0000"), "\(error.message)")
        }
    }

    @Test("a path value with U+0000 is refused too: a file's name is kept and passed on as a string is")
    func pathValue() {
        var coordinator = SceneCoordinator(
            groups: [WindowGroup(id: "p", valueType: .path, launch: ["show", "{value}"])],
            limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100, phaseSettle: 0)
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        var ids = WindowIDSource(seed: 1)
        for value in ["/tmp/a\u{0}b", "/tmp/evil\u{0}--extra"] {
            expectRefused(member: "value") { () throws(Refusal) in
                _ = try coordinator.open(group: "p", value: .string(value), now: 1, ids: &ids, effects: &effects)
            }
            expectRefused(member: "value") { () throws(Refusal) in
                _ = try coordinator.attach(
                    .init(target: .value(group: "p", value: .string(value))),
                    connection: ConnectionID(1),
                    now: 1,
                    ids: &ids,
                    effects: &effects
                )
            }
        }
        #expect(coordinator.registry.count == 0, "no window was opened")
    }

    @Test("a string value with U+0000 opens no window, and the value cut at it is another window")
    func windowValue() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        for value in ["dup\u{0}one", "dup\u{0}two", "\u{0}"] {
            expectRefused(member: "value") { () throws(Refusal) in
                _ = try coordinator.open(group: "s", value: .string(value), now: 1, ids: &ids, effects: &effects)
            }
            expectRefused(member: "value") { () throws(Refusal) in
                _ = try coordinator.attach(
                    .init(target: .value(group: "s", value: .string(value))),
                    connection: ConnectionID(1),
                    now: 1,
                    ids: &ids,
                    effects: &effects
                )
            }
        }
        #expect(effects.isEmpty, "nothing announced, persisted or launched: \(effects)")
        #expect(coordinator.registry.count == 0)
        #expect(try coordinator.open(group: "s", value: .string("dup"), now: 1, ids: &ids, effects: &effects).created)
        #expect(throws: Refusal.self) { try WindowValue.parse(.string("a\u{0}"), as: .string, group: "s") }
    }

    @Test("a storage key with U+0000 is refused; a JSON value holding it is kept exactly")
    func storageKey() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        var ids = WindowIDSource(seed: 1)
        let window = try coordinator.open(group: "s", value: .string("w"), now: 1, ids: &ids, effects: &effects).window
        effects = []
        expectRefused(member: "key") { () throws(Refusal) in
            _ = try coordinator.setStorage("k\u{0}a", to: .int(1), of: window.id.rawValue, effects: &effects)
        }
        #expect(effects.isEmpty)
        let value = JSONValue.object(["a\u{0}b": .string("c\u{0}d")])
        let stored = try coordinator.setStorage("k", to: value, of: window.id.rawValue, effects: &effects)
        #expect(stored.storage.values == ["k": value])
        #expect(try JSONParser.parse(Array(value.jsonText.utf8)) == value, "its JSON text, as stored, reads back whole")
    }

    @Test("a user name with U+0000 does not sign in")
    func userName() throws {
        var coordinator = coordinator()
        var effects: [Effect] = []
        expectRefused(member: "user") { () throws(Refusal) in
            _ = try coordinator.transition(to: .authenticated(user: "--flag\u{0}ignored"), now: 1, effects: &effects)
        }
        #expect(coordinator.state == .unauthenticated)
        #expect(coordinator.session == nil && effects.isEmpty)
    }
}
