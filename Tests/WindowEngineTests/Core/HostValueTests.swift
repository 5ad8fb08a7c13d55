import Testing
import WindowEngine
import WindowProtocol

/// A window opened from another host: its path is that host's, its group may refuse hosts.
@Suite("Values and groups across hosts")
struct HostValueTests {
    private func coordinator(_ groups: [WindowGroup]) -> SceneCoordinator {
        var coordinator = SceneCoordinator(groups: groups, limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100))
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        return coordinator
    }

    @Test("a path from a host is kept as HOST:/path, folded as a local one")
    func qualified() throws {
        let value = try WindowValue.parse(.string("/etc//nginx/./nginx.conf"), as: .path, group: "file", host: "box")
        #expect(value == .path("box:/etc/nginx/nginx.conf"))
        #expect(value.json == .string("box:/etc/nginx/nginx.conf"))
        #expect(value.text == "box:/etc/nginx/nginx.conf")
        #expect(value.textOnItsHost == "/etc/nginx/nginx.conf")
        #expect(try WindowValue.parse(.string("/p"), as: .path, group: "file").textOnItsHost == "/p")
    }

    @Test("only a path is qualified: other values mean the same on every host")
    func otherTypes() throws {
        #expect(try WindowValue.parse(.int(3), as: .int, group: "g", host: "box") == .int(3))
        #expect(try WindowValue.parse(.string("a"), as: .string, group: "g", host: "box") == .string("a"))
    }

    @Test("a local client cannot name another host's file: HOST:/path is no absolute path")
    func localCannotSpoof() {
        #expect(throws: Refusal.self) { try WindowValue.parse(.string("box:/p"), as: .path, group: "file") }
        #expect(throws: Refusal.self) {
            try WindowValue.parse(.string("other:/p"), as: .path, group: "file", host: "box")
        }
    }

    @Test("a stored HOST:/path comes back as the same value; a stored local path stays local")
    func stored() throws {
        #expect(try WindowValue.stored(.string("box:/p"), as: .path, group: "file") == .path("box:/p"))
        #expect(try WindowValue.stored(.string("/p"), as: .path, group: "file") == .path("/p"))
        #expect(try WindowValue.stored(.string("x:y"), as: .string, group: "s") == .string("x:y"))
    }

    @Test("one path on two hosts, and locally, is three windows; the same host twice is one")
    func separateWindows() throws {
        var coordinator = coordinator([WindowGroup(id: "file", valueType: .path)])
        var ids = WindowIDSource(seed: 1)
        var effects: [Effect] = []
        func open(_ host: String?) throws -> OpenResult {
            try coordinator.open(group: "file", value: .string("/p"), host: host, now: 1, ids: &ids, effects: &effects)
        }
        let local = try open(nil)
        let box = try open("box")
        let other = try open("other")
        let boxAgain = try open("box")
        #expect(local.created && box.created && other.created && !boxAgain.created)
        #expect(Set([local.window.id, box.window.id, other.window.id]).count == 3)
        #expect(boxAgain.window.id == box.window.id)
        #expect(box.window.value == .path("box:/p"))
    }

    @Test("the command started on the host gets the host's own path for {value}")
    func commandOnHost() throws {
        var coordinator = coordinator([WindowGroup(id: "file", valueType: .path, command: ["vim", "{value}"])])
        var ids = WindowIDSource(seed: 1)
        var effects: [Effect] = []
        let opened = try coordinator.open(
            group: "file",
            value: .string("/p"),
            host: "box",
            now: 1,
            ids: &ids,
            effects: &effects
        )
        #expect(opened.command == ["vim", "/p"])
    }

    @Test(
        "hosts decides who may open: local only, a list, or any host by default",
        arguments: [
            (["local"], nil, true), (["local"], "box", false), (["box"], "box", true), (["box"], nil, false),
            (["box"], "other", false), (["local", "box"], nil, true), (nil, "box", true), (nil, nil, true),
        ] as [([String]?, String?, Bool)]
    )
    func hosts(allowed: [String]?, host: String?, admitted: Bool) {
        var coordinator = coordinator([WindowGroup(id: "file", valueType: .path, hosts: allowed)])
        var ids = WindowIDSource(seed: 1)
        var effects: [Effect] = []
        do {
            _ = try coordinator.open(
                group: "file",
                value: .string("/p"),
                host: host,
                now: 1,
                ids: &ids,
                effects: &effects
            )
            #expect(admitted)
        } catch {
            #expect(!admitted)
            #expect(error.reason == .forbidden)
            #expect(error.message.contains("'file'") && error.message.contains(host ?? "local"), "\(error.message)")
            #expect(error.message.contains("hosts"), "\(error.message)")
        }
    }

    @Test("a refused host cannot attach by value either, and opens nothing")
    func attachRefused() {
        var coordinator = coordinator([WindowGroup(id: "file", valueType: .path, hosts: ["local"])])
        var ids = WindowIDSource(seed: 1)
        var effects: [Effect] = []
        var request = AttachRequest(target: .value(group: "file", value: .string("/p")))
        request.host = "box"
        #expect(throws: Refusal.self) {
            try coordinator.attach(request, connection: ConnectionID(1), now: 1, ids: &ids, effects: &effects)
        }
        #expect(coordinator.registry.count == 0)
    }
}

/// A restore starts presenters where it is asked: a host's windows only from that host.
@Suite("Restoring across hosts")
struct HostRestoreTests {
    @Test("a local restore leaves box's windows alone; a restore from box takes only box's")
    func restoreByHost() throws {
        var coordinator = SceneCoordinator(
            groups: [WindowGroup(id: "file", valueType: .path, command: ["vim", "{value}"])],
            limits: CoordinatorLimits(maxWindows: 10, sessionTTL: 100)
        )
        var effects: [Effect] = []
        coordinator.finishLoading(storedSession: nil, now: 0, effects: &effects)
        var ids = WindowIDSource(seed: 1)
        for host in [nil, "box"] as [String?] {
            let opened = try coordinator.open(
                group: "file",
                value: .string("/p"),
                host: host,
                now: 1,
                launch: false,
                ids: &ids,
                effects: &effects
            )
            #expect(opened.window.value.host == host)
        }
        #expect(coordinator.restorable(groups: [], atLogin: false).map(\.value) == [.path("/p")])
        let fromBox = try coordinator.restore(
            groups: [],
            atLogin: false,
            dryRun: false,
            host: "box",
            now: 2,
            effects: &effects
        )
        #expect(fromBox.map(\.window.value) == [.path("box:/p")])
        #expect(fromBox.first?.command == ["vim", "/p"])
    }
}
