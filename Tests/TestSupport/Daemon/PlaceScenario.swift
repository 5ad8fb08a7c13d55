import POSIXSupport
import WindowClient
package import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// What every end-to-end test of a presenter in a real place starts from: a real windowd with
/// one group in a temporary directory, the command line a place's terminal runs (`winctl run` or
/// `winctl attach`, winctl(1)), and the waits for what the daemon says of a value's window. A test
/// adds only its place (``TmuxSession``, ``KittyInstance``, ``I3Session``, ``SwaySession``) and
/// what it does there.
///
/// ```swift
/// let scenario = try PlaceScenario.running()
/// _ = try i3.exec(["xterm", "-e"], running: scenario.run(status: "first", ["file", "a", "--", "sleep", "600"]), name: "first")
/// let window = try scenario.waitFor("a", phase: "active", timeout: .seconds(30))
/// #expect(try scenario.status("first") == "0")
/// ```
///
/// The daemon is stopped when the scenario is released.
package final class PlaceScenario {
    /// Where the daemon keeps its state, its log and the statuses of ``run(status:_:)``.
    package let directory: TemporaryDirectory
    /// The daemon; a new one after ``crashAndRestart()``.
    package private(set) var daemon: DaemonProcess
    /// The group whose windows the scenario waits for.
    package let group: String
    private let config: String
    /// The user the daemon runs as, when not this process's (a desktop that refuses root).
    private let user: String?
    private var restarts = 0

    /// The daemon's socket.
    package var socket: String { daemon.socketPath }

    /// For `winctl run`: the group `file`, of string values; the daemon as `user` when given
    /// (the directory is given to that user, and windowd runs through `setpriv`, which execs it).
    /// `keys`: more of `[groups.file]`'s keys, one per line (`requests = { … }`).
    package static func running(as user: String? = nil, keys: String = "") throws -> PlaceScenario {
        try PlaceScenario(group: "file", as: user) { _ in
            """
            [app]
            minimum_loading_ms = 0

            [groups.file]
            value = "string"
            \(keys)
            """
        }
    }

    /// For `winctl attach`: the group `detail`, of integers, whose new windows the daemon
    /// launches as `winctl --socket SOCKET attach {id}` at the opener's place.
    package static func attaching() throws -> PlaceScenario {
        try PlaceScenario(group: "detail") { socket in
            """
            [app]
            minimum_loading_ms = 0

            [groups.detail]
            value = "int"
            command = ["\(Binaries.winctl)", "--socket", "\(socket)", "attach", "{id}"]
            """
        }
    }

    /// Starts windowd with the config `config` makes of its socket's path, and waits until it serves.
    private init(group: String, as user: String? = nil, config: (_ socket: String) -> String) throws {
        directory = try TemporaryDirectory()
        let user = getuid() == 0 ? user : nil
        if let user, !ProcessRunner.run(["chown", user, directory.path]) {
            throw TestFailure("chown \(user) \(directory.path) failed")
        }
        self.group = group
        self.user = user
        self.config = config(directory.file("s.sock"))
        daemon = try Self.daemon(in: directory, config: self.config, name: "windowd", as: user)
    }

    deinit { daemon.stop() }

    private static func daemon(
        in directory: TemporaryDirectory,
        config: String,
        name: String,
        as user: String?
    ) throws -> DaemonProcess {
        let wrapper = user.map { ["/usr/bin/setpriv", "--reuid=\($0)", "--regid=\($0)", "--clear-groups", "--"] } ?? []
        let daemon = try DaemonProcess(in: directory, config: config, name: name, wrapper: wrapper)
        try daemon.waitUntilServing()
        return daemon
    }

    /// kill -9 of the daemon, and a new one on the same socket and state.
    package func crashAndRestart() throws {
        daemon.process.signal(SIGKILL)
        _ = try daemon.process.wait()
        restarts += 1
        daemon = try Self.daemon(in: directory, config: config, name: "windowd\(restarts + 1)", as: user)
    }

    /// The daemon stopped as the system stops it (SIGTERM), and a new one on the same socket and state.
    package func stopAndStart() throws {
        _ = daemon.stop()
        restarts += 1
        daemon = try Self.daemon(in: directory, config: config, name: "windowd\(restarts + 1)", as: user)
    }

    /// `winctl --socket SOCKET run ARGUMENTS` in a shell that then prints `run exited STATUS` and
    /// stays, so that the terminal can be read after it.
    package func run(_ arguments: String...) -> [String] { run(arguments) }

    /// ``run(_:)-(String...)`` of an array.
    package func run(_ arguments: [String]) -> [String] {
        [
            "/bin/sh", "-c", #""$0" "$@"; echo "run exited $?"; exec sleep 600"#, Binaries.winctl, "--socket", socket,
            "run",
        ]
            + arguments
    }

    /// `winctl --socket SOCKET run ARGUMENTS` as a terminal's command that writes run's exit
    /// status to the file `name` of ``directory`` once run ends (the terminal's window closes with it).
    package func run(status name: String, _ arguments: [String]) -> [String] {
        let status = directory.file(name)
        return ["/bin/sh", "-c", "\"$0\" \"$@\"; echo $? > \"\(status)\"", Binaries.winctl, "--socket", socket, "run"]
            + arguments
    }

    /// `winctl --socket SOCKET attach GROUP VALUE`, a presenter of the value's window.
    package func attach(_ value: String) -> [String] {
        [Binaries.winctl, "--socket", socket, "attach", group, value]
    }

    /// The status that a command of ``run(status:_:)`` wrote to `name`, once written.
    package func status(_ name: String, timeout: Duration = .seconds(15)) throws -> String {
        try waitUntil("run to end and its status in \(name)", timeout: timeout) { directory.read(name).hasSuffix("\n") }
        return String(directory.read(name).dropLast())
    }

    /// The window of the group for `value`, if the daemon has one.
    package func window(_ value: String) throws -> JSONValue? {
        try daemon.window(group: group, value: value)
    }

    /// A connection subscribed to what a presenter's start shows: `window.phase`, `scene.phase`
    /// and `window.focus`, for ``told(_:about:)``.
    package func subscriber() throws -> RawClient {
        let subscriber = try daemon.client()
        try subscriber.call("events.subscribe", #"{"types":["window.phase","scene.phase","window.focus"]}"#)
        return subscriber
    }

    /// What a ``subscriber()`` was told since it last asked, in order.
    package struct Told {
        /// The phases of the window of the value asked about (`window.phase`).
        package var phases: [String] = []
        /// The aggregate's (`scene.phase`).
        package var aggregates: [String] = []
        /// How many times that window was brought to front (`window.focus`).
        package var focuses = 0
    }

    /// What `subscriber` was told of the group's window for `value` and of the aggregate since it
    /// last asked: every event sent before the answer to a request it makes now.
    package func told(_ subscriber: RawClient, about value: String) throws -> Told {
        try subscriber.call("window.list")
        var told = Told()
        while subscriber.bufferedEventCount > 0 {
            let event = try subscriber.nextEvent()
            let window = event["params"]?["window"]
            let ofValue =
                window?["group"]?.string == group
                && (window?["value"]?.string ?? window?["value"]?.int.map { "\($0)" }) == value
            switch event["method"]?.string {
            case "window.phase" where ofValue: told.phases.append(window?["phase"]?.string ?? "?")
            case "window.focus" where ofValue: told.focuses += 1
            case "scene.phase": told.aggregates.append(event["params"]?["phase"]?.string ?? "?")
            default: break
            }
        }
        return told
    }

    /// Waits until the window of the group for `value` is attached (or detached) and in `phase`.
    @discardableResult
    package func waitFor(
        _ value: String,
        phase: String? = nil,
        attached: Bool = true,
        timeout: Duration = .seconds(15)
    ) throws -> JSONValue {
        try daemon.waitForWindow(group: group, value: value, phase: phase, attached: attached, timeout: timeout)
    }
}
