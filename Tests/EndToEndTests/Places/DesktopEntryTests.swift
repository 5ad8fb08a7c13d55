import Foundation
import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The README's "Open with" entry (Examples/editor/editor.desktop, `Exec=winctl --app editor
/// open file %f`) as a desktop runs it: `gio launch`, with no terminal, under i3 on Xvfb, against
/// windowd running the example's own manifest (Examples/editor/editor.toml).
@Suite(
    "The editor example's desktop entry",
    .serialized,
    .enabled(
        if: TestEnvironment.installed(
            ["Xvfb", "i3", "xterm", "xdotool", "gio", "vim"],
            for: "the editor's desktop entry"
        )
    ),
    .timeLimit(.minutes(3))
)
struct DesktopEntryTests {
    @Test(
        "gio launch of the entry: a new file opens vim in a new terminal window under i3; the same file again brings that window to front"
    )
    func openWith() throws {
        let directory = try TemporaryDirectory()
        let root = Binaries.packageRoot + "/Examples/editor/"
        try AppInstall.manifest(
            String(contentsOfFile: root + "editor.toml", encoding: .utf8),
            app: "editor",
            in: directory
        )
        let daemon = try DaemonProcess.start(in: directory, name: "editor", app: "editor")
        defer { daemon.stop() }
        let x = try XvfbDisplay()
        let i3 = try I3Session(on: x)
        _ = try i3.exec(["xterm", "-T", "other", "-e"], running: ["sleep", "600"], name: "other")
        let notes = try directory.write("notes\n", to: "notes.txt")

        // What a file manager's "Open with" runs: winctl from PATH, no terminal, the desktop's variables.
        let binaries = (Binaries.winctl as NSString).deletingLastPathComponent
        let desktop = TestEnvironment.base([
            "PATH": binaries + ":" + (TestEnvironment.base()["PATH"] ?? ""), "XDG_RUNTIME_DIR": directory.path,
            "DISPLAY": x.display, "I3SOCK": i3.socket,
        ])
        func openWith(_ file: String) -> String? {
            TestEnvironment.output(["gio", "launch", root + "editor.desktop", file], desktop)
        }
        #expect(openWith(notes) != nil)
        let opened = try daemon.waitForWindow(group: "file", value: notes, phase: "active", timeout: .seconds(30))
        #expect(opened["place"]?["kind"]?.string == "i3", "\(opened.jsonText)")
        let window = try #require(opened["place"]?["window"]?.string, "\(opened.jsonText)")
        try waitUntil("vim's xterm to have the focus") { x.focusedWindow() == window }

        try I3IPC.command("[title=\"^other$\"] focus", socket: i3.socket, timeout: .seconds(5))
        try waitUntil("the other xterm to have the focus") { x.focusedWindow() != window }
        #expect(openWith(notes) != nil)
        try waitUntil("i3 to focus vim's xterm again") { x.focusedWindow() == window }
        let front = try daemon.waitForWindow(group: "file", value: notes, phase: "active")
        #expect(front["id"]?.string == opened["id"]?.string)
        let list = try Winctl.run(["list"], socket: daemon.socketPath, json: true)
        #expect(list.stdout.components(separatedBy: "notes.txt").count == 2, "one window for the file: \(list)")
    }
}
