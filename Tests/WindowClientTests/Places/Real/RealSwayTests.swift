import TestSupport
import Testing
import WindowClient
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

extension RealEnvironmentTests {
    /// sway with foot for real, headless, as an unprivileged user.
    @Suite(
        "Places for real: sway + foot",
        .serialized,
        .enabled(if: TestEnvironment.installed(["sway", "foot", "runuser"], for: "sway"))
    )
    struct RealSwayTests {
        @Test(
            "a foot window's place under sway (foot's pid); bring to front over sway's IPC; launch opens a foot window"
        )
        func sway() throws {
            let sway = try SwaySession()
            let first = try sway.exec(["foot", "-T", "first"], running: ["sleep", "600"], name: "first")
            _ = try sway.exec(["foot", "-T", "second"], running: ["sleep", "601"], name: "second")
            let foot = try #require(ProcessTable.terminalPID(of: first))
            #expect(Poll.until { WindowTree.focused(socket: sway.socket)?.name == "second" })

            let environment = try #require(ProcessTable.settledEnvironment(of: first))
            let place = PlaceDetector.live.detect(environment: environment, terminalPID: foot)
            #expect(
                place == Place(kind: .sway, socket: sway.socket, display: environment["WAYLAND_DISPLAY"], pid: foot)
            )
            #expect(WindowTree.windows(socket: sway.socket).first { $0.name == "first" }?.pid == foot)

            #expect(PlaceActions.perform(PlaceCommands.bringToFront(place)) == [.done])
            #expect(Poll.until { WindowTree.focused(socket: sway.socket)?.pid == foot })

            let steps = PlaceCommands.launch(
                argv: PidFile.command(writing: sway.directory.file("launched.pid"), then: ["sleep", "602"]),
                title: "launched",
                at: place,
                environment: environment.merging(["TERMINAL": "foot"]) { $1 },
                variables: LaunchVariables(socket: "/run/test/windowd.sock", app: "notes", windowID: "w-1")
            )
            #expect(PlaceActions.perform(steps) == [.done])
            let launched = try PidFile.pid("launched.pid", in: sway.directory)
            #expect(ProcessTable.settledEnvironment(of: launched)?["WINDOWD_WINDOW_ID"] == "w-1")
            #expect(Poll.until { WindowTree.windows(socket: sway.socket).contains { $0.name == "launched" } })
        }

        @Test(
            "restore's move for real: a foot window to a workspace whose name has a space, unseen, then shown in front"
        )
        func moveToWorkspace() throws {
            let sway = try SwaySession()
            let first = try sway.exec(["foot", "-T", "first"], running: ["sleep", "600"], name: "first")
            let foot = try #require(ProcessTable.terminalPID(of: first))
            let place = Place(kind: .sway, socket: sway.socket, pid: foot)
            let last = Place(kind: .sway, socket: "/gone", pid: 1, workspace: "3: web")
            let shown = WindowTree.focused(socket: sway.socket)
            #expect(Poll.until { WindowTree.windows(socket: sway.socket).contains { $0.pid == foot } })
            let move = try #require(RestorePlace.move(place, toWorkspaceOf: last, front: false))
            #expect(PlaceActions.perform([move]) == [.done])
            #expect(
                Poll.until { WindowTree.windows(socket: sway.socket).first { $0.pid == foot }?.workspace == "3: web" }
            )
            #expect(WindowTree.focused(socket: sway.socket)?.pid != foot, "\(String(describing: shown)) still in front")
            #expect(
                PlaceActions.perform([try #require(RestorePlace.move(place, toWorkspaceOf: last, front: true))]) == [
                    .done
                ]
            )
            #expect(Poll.until { WindowTree.focused(socket: sway.socket)?.pid == foot })
        }

        @Test(
            "sway says when a foot window can be seen: a subscription's events on a workspace switch and a move, then the tree and the workspaces"
        )
        func visibility() throws {
            let sway = try SwaySession()
            let first = try sway.exec(["foot", "-T", "first"], running: ["sleep", "600"], name: "first")
            let foot = try #require(ProcessTable.terminalPID(of: first))
            let place = Place(kind: .sway, socket: sway.socket, pid: foot)
            func visibility() -> Visibility? {
                guard
                    let tree = try? JSONParser.parse(
                        I3IPC.request(
                            type: I3MessageType.getTree,
                            payload: "",
                            socket: sway.socket,
                            timeout: .seconds(5)
                        )
                    ),
                    let workspaces = try? JSONParser.parse(
                        I3IPC.request(
                            type: I3MessageType.getWorkspaces,
                            payload: "",
                            socket: sway.socket,
                            timeout: .seconds(5)
                        )
                    )
                else { return nil }
                return WindowManagerVisibility.visibility(of: place, tree: tree, workspaces: workspaces)
            }
            #expect(Poll.until { visibility() == .shown })

            let subscription = try #require(
                WindowManagerVisibility.subscriptions.lazy.compactMap {
                    try? I3IPC.subscribe(to: $0, socket: sway.socket, timeout: .seconds(5))
                }.first
            )
            defer { close(subscription) }
            /// Reads the subscription until an event comes (its receive timeout is 5 s); its type.
            func nextEvent() -> UInt32? {
                var bytes: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while true {
                    if let event = I3Message.messages(in: &bytes).first(where: { I3Message.isEvent($0.type) }) {
                        return event.type
                    }
                    let count = chunk.withUnsafeMutableBytes { Glibc.read(subscription, $0.baseAddress, $0.count) }
                    guard count > 0 else { return nil }
                    bytes += chunk[0..<count]
                }
            }
            try I3IPC.command("workspace 2", socket: sway.socket, timeout: .seconds(5))
            #expect(nextEvent() != nil, "a workspace event")
            #expect(visibility() == .hidden, "workspace 1 is on no output")
            try I3IPC.command("[pid=\(foot)] move container to workspace 2", socket: sway.socket, timeout: .seconds(5))
            #expect(nextEvent() != nil, "a window event")
            #expect(Poll.until { visibility() == .shown }, "moved to the workspace shown")
        }
    }
}
