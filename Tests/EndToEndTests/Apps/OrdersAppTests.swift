import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The example app (`Examples/Orders`, built on WindowKit only) in tmux with an attached client,
/// so that focus events are real: list → open a detail → open it again (brought to front, no
/// second window) → scroll → kill -9 windowd and start it again (scroll kept) → sign out
/// (details dismissed) → sign in. Every step's screens are printed.
@Suite(
    "The orders example in tmux",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "needs tmux"),
    .timeLimit(.minutes(3))
)
struct OrdersAppTests {
    /// The daemon's config: `detail` windows start `orders detail` in a new window of this tmux server.
    static func config(tmux: String, socket: String) -> String {
        """
        [app]
        minimum_loading_ms = 0

        [groups.main]
        value = "none"

        [groups.detail]
        value = "int"
        requires_auth = true
        command = ["\(Binaries.orders)", "detail", "--socket", "\(socket)", "{value}"]
        """
    }

    /// A client attached to the session through `script`, on a 100 × 25 terminal: tmux sends a
    /// pane focus events only while a client is attached.
    final class AttachedClient {
        private let input: SocketPair
        private let process: SpawnedProcess

        init(_ tmux: TmuxSession) throws {
            input = try SocketPair()
            let command = "stty cols 100 rows 25; exec tmux -L \(tmux.socketName) attach -t 0"
            process = try SpawnedProcess(
                "/usr/bin/script",
                ["-q", "-c", command, "/dev/null"],
                environment: SpawnedProcess.testEnvironment(adding: ["TERM": "xterm-256color"]),
                stdin: .descriptor(input.theirs)
            )
            try waitUntil("the client to attach") { try tmux.display("#{session_attached}") == "1" }
        }

        deinit {
            _ = process.terminate(grace: .milliseconds(500))
            close(input.ours)
            close(input.theirs)
        }
    }

    /// Screens captured at each step, printed together.
    final class Screens {
        private(set) var text = ""

        func capture(_ step: String, _ tmux: TmuxSession, target: String) throws {
            let lines = try tmux.screen(target)
            text += "\n=== \(step) — tmux window \(target) ===\n" + lines.joined(separator: "\n")
        }
    }

    @Test("list, open a detail, open it again, scroll, restart windowd, sign out, sign in")
    func browse() throws {
        let directory = try TemporaryDirectory()
        let socketName = "wdo-\(getpid())"
        let config = Self.config(tmux: socketName, socket: directory.file("s.sock"))
        var daemon = try DaemonProcess.start(in: directory, config: config)
        defer { daemon.stop() }
        let tmux = try TmuxSession(
            [
                "/bin/sh", "-c", #""$0" main --socket "$1"; echo "orders exited $?"; exec sleep 600"#, Binaries.orders,
                daemon.socketPath,
            ],
            socketName: socketName
        )
        try tmux.run(["set", "-g", "focus-events", "on"])
        let client = try AttachedClient(tmux)
        let screens = Screens()
        defer { print(screens.text) }
        var probe = try daemon.client()

        // Signed out: the sign-in view.
        try tmux.waitForText("Sign in", target: ":0")
        try screens.capture("signed out: the sign-in view", tmux, target: ":0")
        try tmux.sendKeys("alice", "Enter", target: ":0")

        // 1. The list.
        try tmux.waitForText("Orders · signed in as alice", target: ":0")
        try screens.capture("1. the order list", tmux, target: ":0")

        // 2. Enter opens detail 1042 in a new tmux window, in front.
        try tmux.sendKeys("Down", "Down", "Enter", target: ":0")
        try waitUntil("a second tmux window") { try Self.tmuxWindows(tmux).count == 2 }
        #expect(
            try Self.tmuxWindows(tmux).last == "detail 1042",
            "the opener's place launched it: a tmux window of its session, titled by group and value"
        )
        try tmux.waitForText("Order #1042 · Chen Wei", target: ":1")
        try tmux.waitForDisplay("#{window_index}", "1")
        let detail = try #require(try Self.detailWindow(probe))
        let id = try #require(detail["id"]?.string)
        try waitUntil("the detail to be active and the list, in a tmux window no client shows, background") {
            try Self.phase(probe, group: "detail") == "active" && Self.phase(probe, group: "main") == "background"
        }
        try tmux.waitForText("Opened #1042 in a new window.", target: ":0")
        try screens.capture("2. Enter opened the detail in a new window", tmux, target: ":1")

        // Back to the list: no one sees the detail any more, and it pauses its refresh.
        try tmux.run(["select-window", "-t", ":0"])
        try waitUntil("the detail to be background") { try Self.phase(probe, group: "detail") == "background" }
        let paused = try tmux.waitForText("Refresh: paused while background", target: ":1")
        usleep(2_200_000)
        #expect(
            try tmux.screen(":1").contains { $0 == paused.first { $0.contains("Refresh:") } },
            "no refresh while background: \(paused)"
        )
        try screens.capture("the list in front again; the detail paused", tmux, target: ":1")

        // 3. Enter on the same order: brought to front, no second window.
        try tmux.sendKeys("Enter", target: ":0")
        try tmux.waitForDisplay("#{window_index}", "1")
        try tmux.waitForText("#1042 is already open: brought it to front.", target: ":0")
        try tmux.waitForText(">> brought to front <<", target: ":1")
        #expect(try Self.tmuxWindows(tmux).count == 2, "no second tmux window")
        #expect(
            try probe.call("window.list", #"{"group":"detail"}"#)["windows"]?.array?.count == 1,
            "no second detail window"
        )
        try screens.capture("3. the same order again: brought to front", tmux, target: ":1")
        try screens.capture("3. the list says so", tmux, target: ":0")
        try waitUntil("the detail to be active again") { try Self.phase(probe, group: "detail") == "active" }

        // 4. Scroll: kept in scene storage.
        try tmux.sendKeys("Down", "Down", "Down", "Down", "Down", target: ":1")
        try tmux.waitForText("lines 6–", target: ":1")
        try waitUntil("the scroll stored") { try Self.scroll(probe, id: id) == 5 }
        try tmux.waitForScreen("a refresh while active", target: ":1") { lines in
            lines.contains { $0.contains("Refresh: live · ") && !$0.contains("· 0 refreshes") }
        }
        try screens.capture("4. scrolled down five lines (refreshing while active)", tmux, target: ":1")

        // 5. kill -9 windowd, start it again: the detail re-attaches with its scroll position.
        daemon.process.signal(SIGKILL)
        try daemon.process.wait()
        try tmux.waitForText("reconnecting to windowd", target: ":1")
        try screens.capture("5. windowd killed: reconnecting", tmux, target: ":1")
        daemon = try DaemonProcess(in: directory, config: config, name: "windowd2")
        try daemon.waitUntilServing()
        try daemon.waitForAppState("authenticated")
        probe = try daemon.client()
        try waitUntil("the detail to be attached again") { try Self.detailWindow(probe)?["attached"]?.bool == true }
        #expect(try Self.detailWindow(probe)?["id"]?.string == id, "the same window")
        #expect(try Self.scroll(probe, id: id) == 5)
        try tmux.waitForScreen("the detail back, still scrolled", target: ":1") { lines in
            lines.first?.contains("phase active") == true && lines.contains { $0.contains("lines 6–") }
        }
        try screens.capture("5. windowd started again: the scroll position is kept", tmux, target: ":1")

        // 6. Sign out in the list: the detail is dismissed and its tmux window goes.
        try tmux.run(["select-window", "-t", ":0"])
        try tmux.sendKeys("o", target: ":0")
        try tmux.waitForText("Sign in", target: ":0")
        try waitUntil("the detail window to close", timeout: .seconds(30)) { try Self.tmuxWindows(tmux).count == 1 }
        #expect(try probe.call("window.list", #"{"group":"detail"}"#)["windows"]?.array?.isEmpty == true)
        try screens.capture("6. signed out: the detail was dismissed", tmux, target: ":0")

        // 7. Sign in again: the list, no detail open.
        try tmux.sendKeys("alice", "Enter", target: ":0")
        let list = try tmux.waitForText("Orders · signed in as alice", target: ":0")
        #expect(!list.contains { $0.contains("[open]") })
        try screens.capture("7. signed in again", tmux, target: ":0")
        _ = client
    }

    static func tmuxWindows(_ tmux: TmuxSession) throws -> [String] {
        try tmux.run(["list-windows", "-F", "#{window_name}"]).split(separator: "\n").map(String.init)
    }

    static func detailWindow(_ client: RawClient) throws -> JSONValue? {
        try client.call("window.list", #"{"group":"detail"}"#)["windows"]?.array?.first
    }

    static func phase(_ client: RawClient, group: String) throws -> String? {
        try client.call("window.list", #"{"group":"\#(group)"}"#)["windows"]?.array?.first?["phase"]?.string
    }

    static func scroll(_ client: RawClient, id: String) throws -> Int64? {
        try client.call("storage.get", #"{"id":"\#(id)","key":"scroll"}"#)["storage"]?["scroll"]?.int
    }
}
