import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// An open of a presented value passes on what was asked (winctl(1), run and open): real vim in
/// a real tmux, its group's `requests` typed into it by the presenting `winctl run`.
@Suite(
    "Requests to a run program",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "needs tmux"),
    .timeLimit(.minutes(2))
)
struct RunRequestTests {
    static let keys =
        #"run = ["vim", "{value}"]"# + "\n" + #"requests = { "+{n}" = "<Esc>:{n}<CR>", "+/{}" = "<Esc>/{}<CR>" }"#

    @Test(
        "winctl run -- vim +120 f of the f vim shows brings that vim to front at line 120; vim -d f g names what was not passed on"
    )
    func vimGoesToTheLine() throws {
        let scenario = try PlaceScenario.running(keys: Self.keys)
        let directory = scenario.directory
        let file = try directory.write((1...300).map { "line \($0) of the file" }.joined(separator: "\n"), to: "f.txt")
        let vim = ["/usr/bin/env", "TERM=xterm-256color", "vim", "-u", "NONE", "-i", "NONE", "-n", "-N"]
        let tmux = try TmuxSession(scenario.run(["file", file, "--"] + vim + ["-c", "set ruler", file]))
        try tmux.waitForText("line 1 of")
        let window = try scenario.waitFor(file)
        let id = try #require(window["id"]?.string)

        let again = try Winctl.run(["run", "file", file, "--", "vim", "+120", file], socket: scenario.socket)
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout == "\(id) already open, brought to front\n" && again.stderr.isEmpty, "\(again)")
        try tmux.waitForText("120,1")
        // Asked of vim itself, after the keys the request typed.
        let line = directory.file("line")
        try tmux.sendKeys(":call writefile([line('.')], '\(line)')", "Enter")
        try waitUntil("vim to write its line") { directory.read("line") == "120\n" }

        let search = try Winctl.run(["open", "file", file, "+/line 250 of"], socket: scenario.socket)
        #expect(search.status == 0 && search.stderr.isEmpty, "\(search)")
        try tmux.waitForText("250,1")

        let other = try directory.write("other\n", to: "g.txt")
        let diff = try Winctl.run(["run", "file", file, "--", "vim", "-d", file, other], socket: scenario.socket)
        #expect(diff.status == 0, "\(diff)")
        #expect(diff.stderr == "winctl: not passed on: -d \(other)\n", "\(diff)")
        try tmux.sendKeys(":q", "Enter")
        try tmux.waitForText("run exited 0")
    }

    @Test(
        "winctl close asks vim to quit first: with unsaved changes vim and the text stay and close exits 1 saying why; --force hangs it up; unmodified, it closes"
    )
    func closeAsksFirst() throws {
        let scenario = try PlaceScenario.running(
            keys: Self.keys + "\n" + #"quit_keys = "<Esc>:qa<CR>""# + "\nquit_wait_ms = 1500"
        )
        let directory = scenario.directory
        let file = try directory.write("first line\n", to: "f.txt")
        let vim = ["/usr/bin/env", "TERM=xterm-256color", "vim", "-u", "NONE", "-i", "NONE", "-n", "-N"]
        let tmux = try TmuxSession(scenario.run(["file", file, "--"] + vim + [file]))
        try tmux.waitForText("first line")
        let id = try #require(try scenario.waitFor(file)["id"]?.string)
        try tmux.sendKeys("O", "unsaved words", "Escape")
        try tmux.waitForText("unsaved words")

        let asked = try Winctl.run(["close", id], socket: scenario.socket)
        #expect(asked.status == 1, "\(asked)")
        #expect(
            asked.stderr
                == "winctl: vim did not quit within 1500 ms: it may have unsaved work; winctl close --force \(id) hangs it up\n",
            "\(asked)"
        )
        #expect(try scenario.window(file)?["attached"]?.bool == true, "the window stays")
        // vim refused, saying so; past its prompt, the text is there.
        try tmux.waitForText("E37")
        try tmux.sendKeys("Enter")
        try tmux.waitForText("unsaved words")
        #expect(try !tmux.run(["capture-pane", "-p"]).contains("run exited"))

        let forced = try Winctl.run(["close", "--force", id], socket: scenario.socket)
        #expect(forced.status == 0 && forced.stdout == "\(id) closed\n", "\(forced)")
        try tmux.waitForText("run exited 129")

        let other = try directory.write("kept as it is\n", to: "g.txt")
        let second = try TmuxSession(scenario.run(["file", other, "--"] + vim + [other]))
        try second.waitForText("kept as it is")
        let otherID = try #require(try scenario.waitFor(other)["id"]?.string)
        let closed = try Winctl.run(["close", otherID], socket: scenario.socket)
        #expect(closed.status == 0 && closed.stdout == "\(otherID) closed\n", "\(closed)")
        try second.waitForText("run exited 0")
        #expect(try scenario.window(other) == nil)
    }
}
