import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Many apps on one machine (windowd(8), Apps and instances), on the real binaries: each app's
/// instance has its own groups, state, windows, storage and events, and restarts alone.
@Suite("App instances", .serialized)
struct AppInstancesTests {
    /// `alpha` and `beta` installed side by side, both declaring a group `detail` of another type.
    static func twoApps(in directory: TemporaryDirectory) throws -> (alpha: DaemonProcess, beta: DaemonProcess) {
        try AppInstall.manifest(AppInstall.text([("detail", "int"), ("list", "none")]), app: "alpha", in: directory)
        try AppInstall.manifest(AppInstall.text([("detail", "string")]), app: "beta", in: directory)
        let alpha = try DaemonProcess.start(in: directory, name: "alpha", app: "alpha")
        let beta = try DaemonProcess.start(in: directory, name: "beta", app: "beta")
        return (alpha, beta)
    }

    /// Events on `client` up to and including the first `window.opened` whose value is `marker`.
    static func events(on client: RawClient, through marker: JSONValue) throws -> [JSONValue] {
        var seen: [JSONValue] = []
        while true {
            let event = try client.nextEvent()
            seen.append(event)
            if event["method"]?.string == "window.opened", event["params"]?["window"]?["value"] == marker {
                return seen
            }
        }
    }

    @Test(
        "two apps at once: each says who it is, the same group name is two groups, and nothing of one reaches the other"
    )
    func isolated() throws {
        let directory = try TemporaryDirectory()
        let (alpha, beta) = try Self.twoApps(in: directory)
        defer {
            alpha.stop()
            beta.stop()
        }
        #expect(alpha.socketPath == directory.file("windowd/alpha.sock"))
        let (watchA, watchB) = (try alpha.client(), try beta.client())
        #expect(try watchA.call("hello")["app"]?.string == "alpha")
        #expect(try watchB.call("hello")["app"]?.string == "beta")
        _ = try watchA.call("events.subscribe")
        _ = try watchB.call("events.subscribe")

        let (a, b) = (try alpha.client(), try beta.client())
        // The same group name, two unrelated groups: an int in alpha, a string in beta.
        let a1 = try #require(a.call("window.open", #"{"group":"detail","value":1}"#)["window"]?["id"]?.string)
        let bx = try #require(b.call("window.open", #"{"group":"detail","value":"x"}"#)["window"]?["id"]?.string)
        #expect(try a.request("window.open", #"{"group":"detail","value":"x"}"#).reason == "invalid_value")
        #expect(try b.request("window.open", #"{"group":"list"}"#).reason == "unknown_group")
        try a.call("storage.set", #"{"id":"\#(a1)","key":"k","value":1}"#)
        try a.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
        #expect(
            try b.call("app.state")["state"]?["state"]?.string == "unauthenticated",
            "alpha's sign-in is not beta's"
        )
        #expect(try b.request("storage.get", #"{"id":"\#(a1)"}"#).reason == "unknown_window")
        try a.call("app.transition", #"{"to":{"state":"unauthenticated"}}"#)
        try b.call("app.transition", #"{"to":{"state":"authenticated","user":"bob"}}"#)
        try a.call("window.close", #"{"id":"\#(a1)"}"#)
        _ = try a.call("window.open", #"{"group":"list"}"#)
        _ = try b.call("window.open", #"{"group":"detail","value":"end"}"#)

        let seenA = try Self.events(on: watchA, through: .null).map { $0["method"]?.string ?? "?" }
        let seenB = try Self.events(on: watchB, through: .string("end"))
        #expect(seenA == ["window.opened", "app.state", "app.state", "window.closed", "window.opened"])
        #expect(seenB.map { $0["method"]?.string ?? "?" } == ["window.opened", "app.state", "window.opened"])
        #expect(seenB.first?["params"]?["window"]?["id"]?.string == bx)
        #expect(try a.call("app.state")["state"]?["state"]?.string == "unauthenticated")
        #expect(try b.call("app.state")["state"]?["user"]?.string == "bob")
        #expect(try b.call("window.list")["windows"]?.array?.count == 2)
        #expect(try a.call("window.list")["windows"]?.array?.count == 1)
    }

    @Test(
        "restarting one app leaves the other's clients connected and untouched, and restores its own windows",
        arguments: [SIGTERM, SIGUSR2, SIGKILL]
    )
    func restartOne(_ signal: Int32) throws {
        let directory = try TemporaryDirectory()
        var (alpha, beta) = try Self.twoApps(in: directory)
        defer {
            alpha.stop()
            beta.stop()
        }
        let presenter = try beta.client()
        let presented = try #require(
            presenter.call("window.attach", #"{"group":"detail","value":"p"}"#)["window"]?["id"]?.string
        )
        let watcher = try beta.client()
        _ = try watcher.call("events.subscribe")
        let client = try alpha.client()
        let kept = try #require(client.call("window.open", #"{"group":"detail","value":7}"#)["window"]?["id"]?.string)
        try client.call("storage.set", #"{"id":"\#(kept)","key":"k","value":"v"}"#)

        alpha.process.signal(signal)
        if signal == SIGUSR2 {
            try waitUntil("alpha's new binary to log") { alpha.log.contains("resumed after a graceful restart") }
        } else {
            _ = try alpha.process.wait()
            alpha = try DaemonProcess.start(in: directory, name: "alpha-again", app: "alpha")
        }

        let probe = try alpha.client()
        let windows = try #require(probe.call("window.list")["windows"]?.array)
        #expect(windows.map { $0["id"]?.string } == [kept])
        #expect(try probe.call("storage.get", #"{"id":"\#(kept)"}"#)["storage"]?["k"]?.string == "v")
        // Beta: the same process, both connections open, nothing received.
        #expect(beta.process.poll() == nil)
        #expect(try watcher.call("app.state")["state"]?["state"]?.string == "unauthenticated")
        #expect(watcher.bufferedEventCount == 0, "beta's subscriber received nothing of alpha's restart")
        let list = try #require(presenter.call("window.list")["windows"]?.array)
        #expect(list.count == 1 && list.first?["id"]?.string == presented && list.first?["attached"] == .bool(true))
    }

    @Test("without an app id: the default app, hello's app is null, the socket given, its state directory locked")
    func defaultApp() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        #expect(try daemon.client().call("hello")["app"] == .null)
        #expect(access(daemon.directory.file("state/windowd/windowd.lock"), F_OK) == 0)
    }

    @Test(
        "a second default daemon on the same state directory is refused before it reads the state: the first one's windows and storage survive"
    )
    func secondDefaultChangesNothing() throws {
        let directory = try TemporaryDirectory()
        var first: DaemonProcess? = try DaemonProcess.start(in: directory)
        let opened = try first!.client().call("window.open", #"{"group":"detail","value":4242}"#)
        let id = try #require(opened["window"]?["id"]?.string)
        _ = try first!.client().call("storage.set", #"{"id":"\#(id)","key":"k","value":"precious"}"#)
        // Another config on the same state: no `detail` group, so a restore would drop the window.
        let other = TestConfig.text().replacingOccurrences(of: "[groups.detail]\nvalue = \"int\"\n", with: "")
        #expect(!other.contains("groups.detail"))
        let second = try DaemonProcess(in: directory, config: other, socket: "other.sock", name: "second")
        #expect(try second.process.wait() == .exited(73))
        #expect(
            second.log.contains("the default app is already served by another windowd (pid \(first!.pid))"),
            "\(second.log)"
        )
        #expect(!second.log.contains("dropped"), "the refused daemon changed the state: \(second.log)")
        _ = first!.stop()
        first = nil
        let again = try DaemonProcess.start(in: directory)
        defer { again.stop() }
        let storage = try again.client().call("storage.get", #"{"id":"\#(id)"}"#)
        #expect(storage["storage"]?["k"]?.string == "precious", "\(storage)")
    }

    @Test("a second daemon for the same app is refused, naming the one that serves it; the first goes on")
    func secondRefused() throws {
        let directory = try TemporaryDirectory()
        try AppInstall.manifest(AppInstall.text([("main", "none")]), app: "alpha", in: directory)
        let alpha = try DaemonProcess.start(in: directory, name: "alpha", app: "alpha")
        defer { alpha.stop() }
        for extra in [[], ["--socket", directory.file("other.sock")]] {
            let second = try DaemonProcess(in: directory, name: "second", extraArguments: extra, app: "alpha")
            #expect(try second.process.wait() == .exited(73))
            #expect(
                second.log.contains("app 'alpha' is already served by another windowd (pid \(alpha.pid))"),
                "\(second.log)"
            )
        }
        #expect(try alpha.client().call("hello")["app"]?.string == "alpha")
    }

    @Test("bad app ids exit 64, an unknown app and a broken manifest 78, naming what is wrong; no state is touched")
    func refusals() throws {
        let directory = try TemporaryDirectory()
        try AppInstall.manifest("[groups.main]\nvalue = \"nothing\"\n", app: "broken", in: directory)
        let environment = [
            "HOME": directory.path, "XDG_CONFIG_HOME": directory.file("config"),
            "XDG_STATE_HOME": directory.file("state"),
            "XDG_RUNTIME_DIR": directory.path, "XDG_DATA_DIRS": directory.file("data"),
        ]
        for bad in ["../x", "Orders", "", String(repeating: "a", count: 65), "windowd"] {
            let run = try AppInstall.run(Binaries.windowd, ["--app", bad], environment: environment, in: directory)
            #expect(run.status == 64, "\(run)")
            #expect(run.stderr.contains("'\(bad)' is not a valid app id"), "\(run)")
        }
        let viaEnvironment = try AppInstall.run(
            Binaries.windowd,
            [],
            environment: environment.merging(["WINDOWD_APP": "A"]) { $1 },
            in: directory
        )
        #expect(
            viaEnvironment.status == 64 && viaEnvironment.stderr.contains("WINDOWD_APP: 'A' is not a valid app id"),
            "\(viaEnvironment)"
        )

        let unknown = try AppInstall.run(Binaries.windowd, ["--app", "nope"], environment: environment, in: directory)
        #expect(unknown.status == 78, "\(unknown)")
        #expect(
            unknown.stderr.contains(
                "app 'nope' is not installed: no nope.toml in \(directory.file("config/windowd/apps")), /etc/windowd/apps, "
                    + "\(directory.path)/.local/share/windowd/apps, \(directory.file("data/windowd/apps"))"
            ),
            "\(unknown)"
        )
        let broken = try AppInstall.run(Binaries.windowd, ["--app", "broken"], environment: environment, in: directory)
        #expect(broken.status == 78, "\(broken)")
        #expect(
            broken.stderr.contains(
                "\(directory.file("config/windowd/apps/broken.toml")):2: groups.main.value must be one of"
            ),
            "\(broken)"
        )
        #expect(access(directory.file("state"), F_OK) != 0, "no failed start made a state directory")
        #expect(access(directory.file("windowd"), F_OK) != 0, "no failed start made a socket directory")
    }

    @Test("manifest lookup: each directory in its order, XDG_* set and unset, the first found wins")
    func lookup() throws {
        let directory = try TemporaryDirectory()
        let places = [
            "home/.config/windowd/apps", "xdg-config/windowd/apps", "home/.local/share/windowd/apps",
            "xdg-data/windowd/apps",
            "dirs-1/windowd/apps", "dirs-2/windowd/apps",
        ]
        for (index, place) in places.enumerated() {
            try AppInstall.manifest(
                AppInstall.text([("group\(index)", "none")]),
                app: "app",
                in: directory,
                under: place
            )
        }
        let unset = [
            "HOME": directory.file("home"), "XDG_DATA_DIRS": directory.file("dirs-1") + ":" + directory.file("dirs-2"),
        ]
        let set = unset.merging([
            "XDG_CONFIG_HOME": directory.file("xdg-config"), "XDG_DATA_HOME": directory.file("xdg-data"),
        ]) { $1 }
        func winner(_ environment: [String: String]) throws -> String {
            let run = try AppInstall.run(
                Binaries.windowd,
                ["--app", "app", "--check-config"],
                environment: environment,
                in: directory
            )
            #expect(run.status == 0, "\(run)")
            return run.stdout
        }
        // XDG_* unset: ~/.config, then ~/.local/share, then each of XDG_DATA_DIRS.
        for (index, place) in [(0, "home/.config"), (2, "home/.local/share"), (4, "dirs-1"), (5, "dirs-2")] {
            let output = try winner(unset)
            #expect(
                output.contains(directory.file(place) + "/windowd/apps/app.toml: ok (1 window group: group\(index))"),
                "\(output)"
            )
            unlink(directory.file(place + "/windowd/apps/app.toml"))
        }
        for (index, place) in places.enumerated() {
            try AppInstall.manifest(
                AppInstall.text([("group\(index)", "none")]),
                app: "app",
                in: directory,
                under: place
            )
        }
        // XDG_* set: they replace ~/.config and ~/.local/share.
        for (index, place) in [(1, "xdg-config"), (3, "xdg-data"), (4, "dirs-1"), (5, "dirs-2")] {
            let output = try winner(set)
            #expect(
                output.contains(directory.file(place) + "/windowd/apps/app.toml: ok (1 window group: group\(index))"),
                "\(output)"
            )
            unlink(directory.file(place + "/windowd/apps/app.toml"))
        }
    }

    @Test("SIGHUP re-reads the app's manifest; a broken one leaves the old in force")
    func reload() throws {
        let directory = try TemporaryDirectory()
        try AppInstall.manifest(AppInstall.text([("main", "none")]), app: "alpha", in: directory)
        let alpha = try DaemonProcess.start(in: directory, name: "alpha", app: "alpha")
        defer { alpha.stop() }
        let client = try alpha.client()
        try AppInstall.manifest(AppInstall.text([("main", "none"), ("added", "int")]), app: "alpha", in: directory)
        alpha.process.signal(SIGHUP)
        try waitUntil("the new group") { try client.call("daemon.groups")["groups"]?.array?.count == 2 }
        try AppInstall.manifest("[groups.main]\nvalue = 5\n", app: "alpha", in: directory)
        alpha.process.signal(SIGHUP)
        try waitUntil("the refused reload to be logged") { alpha.log.contains("alpha.toml:2: groups.main.value") }
        #expect(try client.call("daemon.groups")["groups"]?.array?.count == 2)
        #expect(try client.call("hello")["app"]?.string == "alpha")
    }

    @Test("winctl --app and WINDOWD_APP reach the app's instance; winctl apps lists the manifests and which run")
    func winctl() throws {
        let directory = try TemporaryDirectory()
        let (alpha, beta) = try Self.twoApps(in: directory)
        defer {
            alpha.stop()
            beta.stop()
        }
        try AppInstall.manifest(
            AppInstall.text([("main", "none")]),
            app: "gamma",
            in: directory,
            under: "data/windowd/apps"
        )
        let environment = [
            "XDG_RUNTIME_DIR": directory.path, "XDG_CONFIG_HOME": directory.file("config"), "HOME": directory.path,
            "XDG_DATA_DIRS": directory.file("data"),
        ]
        let opened = try AppInstall.run(
            Binaries.winctl,
            ["--app", "alpha", "--json", "open", "detail", "3"],
            environment: environment,
            in: directory
        )
        #expect(opened.status == 0, "\(opened)")
        let listed = try AppInstall.run(
            Binaries.winctl,
            ["--json", "list"],
            environment: environment.merging(["WINDOWD_APP": "alpha"]) { $1 },
            in: directory
        )
        #expect(try JSONValue.parse(listed.stdout)["windows"]?.array?.count == 1, "\(listed)")
        let other = try AppInstall.run(
            Binaries.winctl,
            ["--app", "beta", "--json", "list"],
            environment: environment,
            in: directory
        )
        #expect(try JSONValue.parse(other.stdout)["windows"]?.array?.count == 0, "\(other)")

        let apps = try AppInstall.run(Binaries.winctl, ["apps", "--json"], environment: environment, in: directory)
        let rows = try #require(JSONValue.parse(apps.stdout)["apps"]?.array, "\(apps)")
        #expect(rows.map { $0["id"]?.string } == ["alpha", "beta", "gamma"])
        #expect(rows.map { $0["running"] } == [.bool(true), .bool(true), .bool(false)])
        #expect(rows.last?["manifest"]?.string == directory.file("data/windowd/apps/gamma.toml"))

        let unreachable = try AppInstall.run(
            Binaries.winctl,
            ["--app", "gamma", "list"],
            environment: environment,
            in: directory
        )
        #expect(unreachable.status == 69)
        #expect(
            unreachable.stderr.contains(
                "start it with 'systemctl --user enable --now windowd@gamma.socket' or 'windowd --app gamma'"
            ),
            "\(unreachable)"
        )
        let bad = try AppInstall.run(
            Binaries.winctl,
            ["--app", "../x", "list"],
            environment: environment,
            in: directory
        )
        #expect(bad.status == 64 && bad.stderr.contains("'../x' is not a valid app id"), "\(bad)")
    }
}
