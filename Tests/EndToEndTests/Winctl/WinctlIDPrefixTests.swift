import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

/// Wherever winctl takes a window ID, a unique prefix of it is enough (as with git and
/// docker); one that starts no id or several is refused, naming the candidates.
@Suite("winctl id prefixes", .timeLimit(.minutes(1)))
struct WinctlIDPrefixTests {
    /// Opens `detail 1…count`; returns the ids.
    private func open(_ count: Int, on daemon: DaemonProcess) throws -> [String] {
        try (1...count).map { value in
            try #require(
                try Winctl.run(["open", "detail", String(value)], socket: daemon.socketPath, json: true).json()[
                    "window"
                ]?["id"]?.string
            )
        }
    }

    /// The shortest prefix of `id` that starts no other id of `ids`.
    private func shortestUnique(_ id: String, among ids: [String]) -> String {
        for length in 1...id.count {
            let prefix = String(id.prefix(length))
            if ids.filter({ $0.hasPrefix(prefix) }).count == 1 { return prefix }
        }
        return id
    }

    @Test("close, focus, phase, storage and attach take a unique prefix, in either case")
    func uniquePrefixes() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        let ids = try open(3, on: daemon)
        let id = ids[0]
        let prefix = shortestUnique(id, among: ids)

        let focus = try Winctl.run(["focus", prefix.uppercased()], socket: socket)
        #expect(focus.status == 0 && focus.stdout == "\(id) brought to front\n", "\(focus)")
        let set = try Winctl.run(["storage", "set", prefix, "k", "1"], socket: socket)
        #expect(set.status == 0 && set.stdout.hasPrefix(id), "\(set)")
        let get = try Winctl.run(["storage", "get", prefix, "k"], socket: socket)
        #expect(get.status == 0 && get.stdout == "1\n", "\(get)")
        let removed = try Winctl.run(["storage", "rm", prefix, "k"], socket: socket)
        #expect(removed.status == 0, "\(removed)")
        // A detached window's phase cannot be set: the refusal comes from the daemon, about the whole id.
        let phase = try Winctl.run(["phase", prefix, "active"], socket: socket)
        #expect(phase.status == 1 && phase.stderr.contains("attach"), "\(phase)")

        let attach = try WinctlSession(
            ["attach", "--no-tty", String(id.prefix(8))],
            socket: socket,
            json: true,
            stderr: daemon.directory.file("attach.err")
        )
        defer { attach.stop() }
        let attached = try attach.readJSON()
        #expect(attached["window"]?["id"]?.string == id, "attach by the 8 characters the view shows")
        try attach.type("q")
        #expect(try attach.wait().exitStatus == 0)

        let close = try Winctl.run(["close", prefix], socket: socket)
        #expect(close.status == 0 && close.stdout == "\(id) closed\n", "\(close)")
        #expect(try Winctl.run(["list"], socket: socket, json: true).json()["windows"]?.array?.count == 2)
    }

    @Test("an ambiguous prefix exits 1 listing the candidates (with --json in data.candidates); nothing changes")
    func ambiguousPrefix() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        // 17 ids over 16 hex digits: two start alike.
        let ids = try open(17, on: daemon)
        let first = try #require(Dictionary(grouping: ids, by: { String($0.prefix(1)) }).first { $0.value.count > 1 })
        let candidates = first.value.sorted()

        for arguments in [
            ["close", first.key], ["focus", first.key], ["storage", "get", first.key],
            ["attach", "--no-tty", first.key],
        ] {
            let run = try Winctl.run(arguments, socket: socket)
            #expect(run.status == 1, "\(run)")
            #expect(candidates.allSatisfy { run.stderr.contains($0) }, "the message names every candidate: \(run)")
        }
        let json = try Winctl.run(["close", first.key], socket: socket, json: true)
        #expect(json.status == 1, "\(json)")
        let error = try json.json()
        #expect(error["code"]?.int == -32000)
        #expect(error["data"]?["reason"]?.string == "ambiguous_window")
        #expect(error["data"]?["candidates"]?.array?.compactMap(\.string).sorted() == candidates)
        #expect(
            try Winctl.run(["list"], socket: socket, json: true).json()["windows"]?.array?.count == 17,
            "nothing was closed"
        )
    }

    @Test("a prefix of no id exits 1 with unknown_window; a whole id goes through as it is")
    func unknownPrefix() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        let socket = daemon.socketPath
        _ = try open(1, on: daemon)
        let run = try Winctl.run(["close", "zz"], socket: socket, json: true)
        #expect(run.status == 1, "\(run)")
        #expect(try run.json()["data"]?["reason"]?.string == "unknown_window", "\(run)")
        #expect(run.stderr.contains("no window id starts with 'zz'"), "\(run)")
        let whole = try Winctl.run(["close", "00000000-0000-0000-0000-000000000000"], socket: socket, json: true)
        #expect(whole.status == 1, "\(whole)")
        #expect(try whole.json()["data"]?["reason"]?.string == "unknown_window", "the daemon's own refusal: \(whole)")
    }

    @Test("attach NAME: a group wins over an id prefix of the same letters")
    func groupWinsOverPrefix() throws {
        let daemon = try DaemonProcess.start(config: TestConfig.text(extra: "\n[groups.a]\nvalue = \"none\"\n"))
        defer { daemon.stop() }
        let socket = daemon.socketPath
        // Open windows until one's id starts with "a" (1 in 16 each).
        var value = 0
        var clash: String?
        while clash == nil, value < 300 {
            value += 1
            let id = try Winctl.run(["open", "detail", String(value)], socket: socket, json: true).json()["window"]?[
                "id"
            ]?.string
            if let id, id.hasPrefix("a") { clash = id }
        }
        let id = try #require(clash)
        let attach = try WinctlSession(
            ["attach", "--no-tty", "a"],
            socket: socket,
            json: true,
            stderr: daemon.directory.file("attach.err")
        )
        defer { attach.stop() }
        let attached = try attach.readJSON()
        #expect(attached["window"]?["group"]?.string == "a", "the group, not window \(id)")
        try attach.type("q")
        #expect(try attach.wait().exitStatus == 0)
    }
}
