import Testing
import WindowClient
import WindowProtocol

/// Where a window comes back: at its last place where it exists or can be made again, else here.
@Suite("Restore places")
struct RestorePlaceTests {
    let argv = ["winctl", "run", "file", "/home/u/a.txt", "--", "vim"]
    let variables = LaunchVariables(socket: "/run/w.sock", windowID: "1f0e")
    let passed = ["-e", "WINDOWD_SOCKET=/run/w.sock", "-e", "WINDOWD_WINDOW_ID=1f0e"]
    let environment = ["DISPLAY": ":5", "PATH": "/usr/bin"]
    let here = Place(kind: .tmux, socket: "/tmp/tmux-1000/default", pane: "%9", session: "$4")
    let last = Place(
        kind: .tmux,
        socket: "/tmp/tmux-1000/default",
        pane: "%3",
        session: "$1",
        name: "work",
        window: "2"
    )

    func launches(last: Place?, tmuxWindows: [Int]?) -> [[PlaceStep]] {
        RestorePlace.launches(
            argv: argv,
            title: "file a.txt",
            last: last,
            here: here,
            tmuxWindows: tmuxWindows,
            environment: environment,
            variables: variables
        )
    }

    /// `new-window` of `argv` at `target` in the last place's server.
    func newWindow(_ target: String) -> PlaceStep {
        .run(
            ["tmux", "-S", "/tmp/tmux-1000/default", "new-window", "-t", target, "-n", "file a.txt"] + passed + ["--"]
                + argv
        )
    }

    var atHere: [PlaceStep] {
        [
            .run(
                ["tmux", "-S", "/tmp/tmux-1000/default", "new-window", "-t", "$4:", "-n", "file a.txt"] + passed + [
                    "--"
                ] + argv
            )
        ]
    }

    @Test(
        "tmux, its session gone: made again by name with this window first, moved to its old index in the same tmux command, before its presenter asks where it is"
    )
    func tmuxSessionMissing() {
        let madeAndMoved = PlaceStep.run(
            ["tmux", "-S", "/tmp/tmux-1000/default", "new-session", "-d", "-s", "work", "-n", "file a.txt"] + passed
                + ["--"] + argv
                + [
                    ";", "if-shell", "-F", "-t", "=work:", "#{!=:#{window_index},2}",
                    "move-window -s =work: -t =work:2",
                ]
        )
        #expect(launches(last: last, tmuxWindows: nil) == [[madeAndMoved], atHere])
    }

    @Test("tmux, its session there: the window at its old index when free, else at the next one")
    func tmuxSessionThere() {
        #expect(launches(last: last, tmuxWindows: [0, 1, 3]) == [[newWindow("=work:2")], atHere])
        #expect(launches(last: last, tmuxWindows: [0, 2]) == [[newWindow("=work:")], atHere])
    }

    @Test("kitty: beside its old window in the kitty that showed it (that process only), else here")
    func kitty() throws {
        let kitty = Place(kind: .kitty, listenOn: "unix:/tmp/kitty-77", windowID: "4", pid: 77)
        let tried = launches(last: kitty, tmuxWindows: nil)
        #expect(tried.count == 2 && tried[1] == atHere)
        guard case .kittyRemoteControl(let listenOn, let pid, let command)? = tried[0].first else {
            Issue.record("not a kitty launch: \(tried)")
            return
        }
        #expect(listenOn == "unix:/tmp/kitty-77" && pid == 77)
        #expect(command.jsonText.contains("\"match\":\"window_id:4\""))
    }

    @Test("an i3 or sway window, a bare terminal, an old record with no place: where restore runs")
    func elsewhere() {
        for place in [Place(kind: .i3, socket: "/run/i3", conID: 94), Place(kind: .terminal, pid: 7), nil] {
            #expect(launches(last: place, tmuxWindows: nil) == [atHere])
        }
        #expect(launches(last: Place(kind: .tmux, socket: "/t", pane: "%1"), tmuxWindows: nil) == [atHere])
    }

    @Test(
        "an i3 or sway window presented again goes to its last workspace, its name quoted; the one in front is focused there"
    )
    func backOnItsWorkspace() {
        let i3 = Place(kind: .i3, socket: "/run/i3", window: "4194318", display: ":5", pid: 40)
        let last = Place(kind: .i3, socket: "/run/old", window: "2097166", workspace: #"3: "web" \ x"#)
        let move = #"move --no-auto-back-and-forth container to workspace "3: \"web\" \\ x""#
        #expect(
            RestorePlace.move(i3, toWorkspaceOf: last, front: false)
                == .i3IPC(socket: "/run/i3", type: I3MessageType.runCommand, payload: "[id=4194318] " + move)
        )
        #expect(
            RestorePlace.move(i3, toWorkspaceOf: last, front: true)
                == .i3IPC(
                    socket: "/run/i3",
                    type: I3MessageType.runCommand,
                    payload: "[id=4194318] " + move + "; [id=4194318] focus"
                )
        )
        let sway = Place(kind: .sway, socket: "/run/sway", pid: 77)
        let swayLast = Place(kind: .sway, socket: "/run/sway-old", pid: 12, workspace: "2")
        #expect(
            RestorePlace.move(sway, toWorkspaceOf: swayLast, front: false)
                == .i3IPC(
                    socket: "/run/sway",
                    type: I3MessageType.runCommand,
                    payload: #"[pid=77] move --no-auto-back-and-forth container to workspace "2""#
                )
        )
        var container = sway
        container.conID = 9
        #expect(
            RestorePlace.move(container, toWorkspaceOf: swayLast, front: false)
                == .i3IPC(
                    socket: "/run/sway",
                    type: I3MessageType.runCommand,
                    payload: #"[con_id=9] move --no-auto-back-and-forth container to workspace "2""#
                )
        )
    }

    @Test("no move without a last workspace, for a window that is not an i3 or sway window, or with no id to name it")
    func noMove() {
        let i3 = Place(kind: .i3, socket: "/run/i3", window: "4194318", display: ":5")
        let onTwo = Place(kind: .i3, socket: "/run/i3", window: "1", workspace: "2")
        #expect(
            RestorePlace.move(i3, toWorkspaceOf: Place(kind: .i3, socket: "/run/i3", window: "1"), front: true) == nil
        )
        #expect(RestorePlace.move(i3, toWorkspaceOf: nil, front: true) == nil)
        #expect(
            RestorePlace.move(Place(kind: .x11, window: "5", display: ":5"), toWorkspaceOf: onTwo, front: true) == nil
        )
        #expect(
            RestorePlace.move(Place(kind: .i3, socket: "/run/i3", pid: 5), toWorkspaceOf: onTwo, front: true) == nil
        )
        #expect(
            RestorePlace.move(
                Place(kind: .kitty, listenOn: "unix:/k", windowID: "1"),
                toWorkspaceOf: onTwo,
                front: true
            ) == nil
        )
    }
}
