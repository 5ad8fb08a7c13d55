import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The notes example (`Examples/Notes`, on WindowKit only) in tmux with an
/// attached client: the list of a directory → Enter opens a note in a new tmux window → Enter
/// again brings it to front → scroll (kept in scene storage) → `notes open` of the same file from
/// a shell brings the note to front and ends → q leaves the note, and opening it again finds its
/// scroll position. Every step's screens are printed.
@Suite(
    "The notes example in tmux",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "needs tmux"),
    .timeLimit(.minutes(3))
)
struct NotesAppTests {
    /// The daemon's config: `note` windows start `notes open` in a new window of this tmux server.
    static func config(socket: String) -> String {
        """
        [app]
        minimum_loading_ms = 0

        [groups.list]
        value = "path"

        [groups.note]
        value = "path"
        command = ["\(Binaries.notes)", "open", "--socket", "\(socket)", "{value}"]
        """
    }

    @Test("list, open a note, open it again, scroll, open it from a shell at a line, leave and open it again")
    func read() throws {
        let directory = try TemporaryDirectory()
        let notes = directory.file("notes")
        try FileManager.default.createDirectory(atPath: notes, withIntermediateDirectories: true)
        try "shopping\n".write(toFile: notes + "/a-shopping.md", atomically: true, encoding: .utf8)
        let long = (1...60).map { "line \($0) of the plan" }.joined(separator: "\n")
        try long.write(toFile: notes + "/b-plan.md", atomically: true, encoding: .utf8)
        let daemon = try DaemonProcess.start(in: directory, config: Self.config(socket: directory.file("s.sock")))
        defer { daemon.stop() }
        let tmux = try TmuxSession(
            [
                "/bin/sh", "-c", #"cd "$2" && "$0" --socket "$1"; echo "notes exited $?"; exec sleep 600"#,
                Binaries.notes, daemon.socketPath, notes,
            ],
            socketName: "wdn-\(getpid())"
        )
        try tmux.run(["set", "-g", "focus-events", "on"])
        let client = try OrdersAppTests.AttachedClient(tmux)
        let screens = OrdersAppTests.Screens()
        defer { print(screens.text) }
        let probe = try daemon.client()

        // 1. The list of the directory's notes.
        try tmux.waitForText(" > a-shopping.md", target: ":0")
        try screens.capture("1. the list", tmux, target: ":0")

        // 2. Enter on the second opens it in a new tmux window, in front.
        try tmux.sendKeys("Down", "Enter", target: ":0")
        try waitUntil("a second tmux window") { try OrdersAppTests.tmuxWindows(tmux).count == 2 }
        try tmux.waitForText("line 1 of the plan", target: ":1")
        try tmux.waitForDisplay("#{window_index}", "1")
        let note = try #require(try Self.noteWindow(probe))
        let id = try #require(note["id"]?.string)
        #expect(note["value"]?.string == notes + "/b-plan.md", "the value is the absolute path")
        try tmux.waitForText("Opened b-plan.md.", target: ":0")
        try screens.capture("2. Enter opened the note in a new window", tmux, target: ":1")

        // 3. Back to the list, Enter again: the note is brought to front, no second window.
        try tmux.run(["select-window", "-t", ":0"])
        try tmux.sendKeys("Enter", target: ":0")
        try tmux.waitForDisplay("#{window_index}", "1")
        try tmux.waitForText("b-plan.md is open already: brought it to front.", target: ":0")
        try tmux.waitForText(">> brought to front <<", target: ":1")
        #expect(try OrdersAppTests.tmuxWindows(tmux).count == 2, "no second tmux window")
        try screens.capture("3. the same note again: brought to front", tmux, target: ":1")

        // 4. Scroll five lines: kept in scene storage.
        try tmux.sendKeys("Down", "Down", "Down", "Down", "Down", target: ":1")
        try tmux.waitForText(" line 6 of the plan", target: ":1")
        try waitUntil("the scroll stored") { try OrdersAppTests.scroll(probe, id: id) == 5 }
        try screens.capture("4. scrolled down five lines", tmux, target: ":1")

        // 5. `notes open FILE +20` of the same file from a shell: brought to front at line 20
        // (the scene's requests), ends at once.
        try tmux.run(["select-window", "-t", ":0"])
        let open = try SpawnedProcess(
            Binaries.notes,
            ["open", "--socket", daemon.socketPath, notes + "/./b-plan.md", "+20"]
        )
        #expect(try open.wait() == .exited(0))
        try tmux.waitForDisplay("#{window_index}", "1")
        #expect(try OrdersAppTests.tmuxWindows(tmux).count == 2, "no second tmux window")
        try waitUntil("the request's line stored") { try OrdersAppTests.scroll(probe, id: id) == 19 }
        try tmux.waitForText(" line 20 of the plan", target: ":1")

        // 6. q leaves the note (the window stays, detached); opened again, it is where it was.
        try tmux.sendKeys("q", target: ":1")
        try waitUntil("the note detached") { try Self.noteWindow(probe)?["attached"]?.bool == false }
        try waitUntil("its tmux window gone") { try OrdersAppTests.tmuxWindows(tmux).count == 1 }
        try tmux.sendKeys("Enter", target: ":0")
        try waitUntil("a second tmux window again") { try OrdersAppTests.tmuxWindows(tmux).count == 2 }
        try tmux.waitForText(" line 20 of the plan", target: ":1")
        #expect(try Self.noteWindow(probe)?["id"]?.string == id, "the same window")
        try screens.capture("6. opened again: scrolled where it was", tmux, target: ":1")
        _ = client
    }

    static func noteWindow(_ client: RawClient) throws -> JSONValue? {
        try client.call("window.list", #"{"group":"note"}"#)["windows"]?.array?.first
    }

    @Test("windowd --app notes --check-config takes the shipped Examples/Notes/notes.toml: groups list and note")
    func shippedManifest() throws {
        let directory = try TemporaryDirectory()
        let text = try String(contentsOfFile: Binaries.packageRoot + "/Examples/Notes/notes.toml", encoding: .utf8)
        try AppInstall.manifest(text, app: "notes", in: directory)
        let checked = try AppInstall.run(
            Binaries.windowd,
            ["--app", "notes", "--check-config"],
            environment: ["XDG_CONFIG_HOME": directory.file("config")],
            in: directory
        )
        #expect(checked.status == 0, "\(checked)")
        #expect((checked.stdout + checked.stderr).contains("window groups: list, note)"), "\(checked)")
    }
}
