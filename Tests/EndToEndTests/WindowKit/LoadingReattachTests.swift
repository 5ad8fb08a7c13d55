import POSIXSupport
import TestSupport
import Testing
import WindowKit
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Under the shipped `minimum_loading_ms = 300`, presenters
/// of `requires_auth` windows that come back after `kill -9` during `loading` are not refused:
/// they wait, and are answered by the state loading reaches.
@Suite("Re-attach during loading", .serialized, .timeLimit(.minutes(2)))
struct LoadingReattachTests {
    static let orders = [
        "0b7c5f3e-7b35-4c8e-9a51-6d2f1c3b4a01", "0b7c5f3e-7b35-4c8e-9a51-6d2f1c3b4a02",
        "0b7c5f3e-7b35-4c8e-9a51-6d2f1c3b4a03",
    ]

    /// The test config with the shipped loading time (its `minimum_loading_ms = 0` left out).
    static func shippedLoading(app: [String] = []) -> String {
        TestConfig.text(app: app).replacing("minimum_loading_ms = 0\n", with: "")
    }

    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/")
    }()

    /// A Python client (clients/python/windowd.py) that attaches to a window by id, waits for
    /// windowd to go away, connects again as soon as it can, and attaches by id again; prints
    /// one JSON line per step.
    static let pythonPresenter = """
        import json, sys, time
        sys.path.insert(0, sys.argv[3])
        import windowd
        path, window_id = sys.argv[1], sys.argv[2]
        client = windowd.Client(path)
        client.attach(window_id=window_id)
        print(json.dumps({"step": "attached"}), flush=True)
        while client.next_event() is not None:
            pass
        deadline = time.monotonic() + 20
        while True:
            try:
                client = windowd.Client(path, timeout=10)
                break
            except (windowd.Unreachable, windowd.Disconnected):  # the old socket, while the kill completes
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.005)
        during = client.app_state()["state"]
        try:
            result = client.attach(window_id=window_id)
            print(json.dumps({"step": "reattached", "during": during, "state": result["state"]["state"]}), flush=True)
        except windowd.Refused as error:
            print(json.dumps({"step": "refused", "during": during, "reason": error.reason}), flush=True)
        """

    /// Starts the Python presenter on `id`, and waits until it has attached.
    static func startPython(
        socket: String,
        id: String,
        in directory: TemporaryDirectory
    ) async throws -> (SpawnedProcess, output: String) {
        let script = try directory.write(pythonPresenter, to: "presenter.py")
        let output = directory.file("presenter.out")
        let process = try SpawnedProcess(
            "/usr/bin/python3",
            [script, socket, id, repositoryRoot + "/clients/python"],
            stdout: .file(output),
            stderr: .file(directory.file("presenter.err"))
        )
        try await AsyncWaiting.until("the Python presenter to attach", timeout: .seconds(15)) {
            directory.read("presenter.out").contains("attached")
        }
        return (process, output)
    }

    /// The Python presenter's last line, once it has exited.
    static func pythonResult(_ process: SpawnedProcess, in directory: TemporaryDirectory) throws -> JSONValue {
        let ended = try process.wait(timeout: .seconds(20))
        guard ended == .exited(0) else {
            throw TestFailure("the Python presenter failed (\(ended)): \(directory.read("presenter.err"))")
        }
        let last = directory.read("presenter.out").split(separator: "\n").last.map(String.init) ?? ""
        return try JSONValue.parse(last)
    }

    /// A signed-in daemon with the shipped loading time, two WindowKit scenes of orders and a
    /// third order window presented by the Python client; then `kill -9`.
    struct Crashed {
        let directory: TemporaryDirectory
        let scenes: [WindowScene]
        let dismissals: [Recorder<Dismissal>]
        let python: SpawnedProcess
        let pythonWindow: String

        init() async throws {
            directory = try TemporaryDirectory()
            let first = try DaemonProcess.start(in: directory, config: LoadingReattachTests.shippedLoading())
            defer { first.stop() }
            let control = try first.client()
            try control.call("app.transition", #"{"to":{"state":"authenticated","user":"alice"}}"#)
            let options = ConnectionOptions(socketPath: first.socketPath, reconnectFor: .seconds(30))
            var scenes: [WindowScene] = []
            for order in LoadingReattachTests.orders.prefix(2) {
                scenes.append(try await WindowScene.attach(group: "orders", value: .string(order), options: options))
            }
            self.scenes = scenes
            dismissals = scenes.map { Recorder($0.dismissals) }
            let opened = try control.call(
                "window.open",
                #"{"group":"orders","value":"\#(LoadingReattachTests.orders[2])"}"#
            )
            pythonWindow = try #require(opened["window"]?["id"]?.string)
            python = try await LoadingReattachTests.startPython(
                socket: first.socketPath,
                id: pythonWindow,
                in: directory
            ).0
            first.process.signal(SIGKILL)
            #expect(try first.process.wait() == .signaled(SIGKILL))
        }
    }

    @Test("kill -9 and start under minimum_loading_ms = 300: the scenes stay attached, not dismissed")
    func sessionRestored() async throws {
        let crashed = try await Crashed()
        let ids = crashed.scenes.map(\.id)
        let second = try DaemonProcess(in: crashed.directory, config: Self.shippedLoading(), name: "windowd2")
        defer { second.stop() }
        try second.waitUntilServing()
        let probe = try second.client()

        let python = try Self.pythonResult(crashed.python, in: crashed.directory)
        #expect(python["step"]?.string == "reattached", "\(python.jsonText)")
        #expect(python["during"]?.string == "loading", "the Python client came back during loading: \(python.jsonText)")
        #expect(python["state"]?.string == "authenticated")

        try await AsyncWaiting.until("both scenes attached again", timeout: .seconds(15)) {
            let windows = try probe.call("window.list")["windows"]?.array ?? []
            return ids.allSatisfy { id in windows.contains { $0["id"]?.string == id && $0["attached"]?.bool == true } }
        }
        #expect(try probe.call("app.state")["state"]?["user"]?.string == "alice")
        for (scene, id) in zip(crashed.scenes, ids) {
            #expect(scene.id == id && scene.window.attached)
        }
        for recorder in crashed.dismissals {
            let dismissed = await recorder.stop()
            #expect(dismissed.isEmpty, "a scene was dismissed: \(dismissed)")
        }
        #expect(!second.log.contains("refused"), "\(second.log)")
        for scene in crashed.scenes { await scene.close() }
    }

    @Test(
        "kill -9 and start with a session validate_command refuses: unauthenticated, and the scenes are dismissed signedOut"
    )
    func sessionRejected() async throws {
        let crashed = try await Crashed()
        let config = Self.shippedLoading(app: [#"validate_command = ["/bin/sh", "-c", "exit 1"]"#])
        let second = try DaemonProcess(in: crashed.directory, config: config, name: "windowd2")
        defer { second.stop() }
        try second.waitUntilServing()

        let python = try Self.pythonResult(crashed.python, in: crashed.directory)
        #expect(
            python["step"]?.string == "refused" && python["reason"]?.string == "unauthenticated",
            "\(python.jsonText)"
        )
        try second.waitForAppState("unauthenticated")
        let windows = try second.client().call("window.list")["windows"]?.array ?? []
        #expect(
            !windows.contains { $0["group"]?.string == "orders" },
            "alice's orders are closed: \(windows.map(\.jsonText))"
        )
        try await AsyncWaiting.until("both scenes to end", timeout: .seconds(15)) {
            crashed.scenes.allSatisfy { $0.phase == .background }
        }
        for recorder in crashed.dismissals {
            let dismissed = await recorder.stop()
            #expect(dismissed.map(\.reason) == [.signedOut], "\(dismissed)")
        }
        for scene in crashed.scenes { await scene.close() }
    }

    @Test(
        "during loading only attaches to auth-only windows wait, in order with what follows them; a transition out of loading answers them"
    )
    func waitsOnlyForAuthOnlyAttaches() throws {
        let daemon = try DaemonProcess(
            in: TemporaryDirectory(),
            config: TestConfig.text().replacing("minimum_loading_ms = 0", with: "minimum_loading_ms = 600000")
        )
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let waiting = try daemon.client()
        let other = try daemon.client()
        let held = try waiting.sendRequest("window.attach", #"{"group":"orders","value":"\#(Self.orders[0])"}"#)
        let behind = try waiting.sendRequest("app.state")
        // Not held: another connection's attach to a window that needs no user, and its reads.
        #expect(
            try other.call("window.attach", #"{"group":"detail","value":1}"#)["state"]?["state"]?.string == "loading"
        )
        #expect(try other.call("app.state")["state"]?["state"]?.string == "loading")
        #expect(waiting.bufferedEventCount == 0)

        try other.call("app.transition", #"{"to":{"state":"unauthenticated"}}"#)
        #expect(try waiting.response(to: held).reason == "unauthenticated")
        #expect(
            try waiting.response(to: behind).result?["state"]?["state"]?.string == "unauthenticated",
            "answered after the attach, in order"
        )
    }
}
