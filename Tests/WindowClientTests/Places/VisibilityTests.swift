import Testing
import WindowClient
import WindowProtocol

@Suite("Visibility from each place's interface")
struct VisibilityTests {
    @Test(
        "tmux: a pane is shown while a client that is not in control mode shows its window, and no other pane is zoomed"
    )
    func tmuxQuery() {
        #expect(TmuxVisibility.visibility(fromQuery: "0 @1\n@1 0 1\n") == .shown)
        #expect(
            TmuxVisibility.visibility(fromQuery: "0 @1\n@1 0 0\n") == .shown,
            "another pane of the window has the focus: still shown"
        )
        #expect(TmuxVisibility.visibility(fromQuery: "0 @2\n@1 0 1\n") == .hidden, "the client shows another window")
        #expect(TmuxVisibility.visibility(fromQuery: "@1 0 1\n") == .hidden, "no client: a detached session")
        #expect(
            TmuxVisibility.visibility(fromQuery: "1 @1\n@1 0 1\n") == .hidden,
            "a control-mode client shows nothing to anyone"
        )
        #expect(TmuxVisibility.visibility(fromQuery: "1 @1\n0 @3\n0 @1\n@1 0 1\n") == .shown)
        #expect(TmuxVisibility.visibility(fromQuery: "0 @1\n@1 1 0\n") == .hidden, "another pane is zoomed")
        #expect(TmuxVisibility.visibility(fromQuery: "0 @1\n@1 1 1\n") == .shown, "this pane is zoomed")
        #expect(TmuxVisibility.visibility(fromQuery: "") == nil)
        #expect(TmuxVisibility.visibility(fromQuery: "0 @1\n") == nil, "no pane line: the pane is gone")
    }

    @Test(
        "tmux: the hooks are appended, never set, each signals its watcher only when its pane's trigger changed, and only a watcher's own entries are removed"
    )
    func tmuxHooks() {
        let channel = TmuxVisibility.channel(pid: 4242, pane: "%7")
        #expect(channel == "windowd-visibility-4242-7")
        #expect(TmuxVisibility.process(ofChannel: channel) == 4242)
        #expect(TmuxVisibility.process(ofChannel: "mine") == nil)
        let install = TmuxVisibility.install(socket: "/tmp/t", channel: channel, pane: "%7")
        #expect(
            Array(install.prefix(7)) == [
                "tmux", "-S", "/tmp/t", "set-hook", "-ga", "client-attached",
                "if-shell -F -t %7 '#{!=:\(TmuxVisibility.trigger),#{@windowd-visibility-4242-7}}' 'wait-for -S windowd-visibility-4242-7'",
            ]
        )
        #expect(install.filter { $0 == "set-hook" }.count == install.filter { $0 == "-ga" }.count)
        #expect(install.contains("session-window-changed") && install.contains("client-detached"))

        let hooks = """
            client-attached[0] run-shell "echo hi"
            client-attached[1] if-shell -F -t "%7" "#{!=:#{window_id},#{@windowd-visibility-4242-7}}" "wait-for -S windowd-visibility-4242-7"
            client-detached
            session-window-changed[3] wait-for -S windowd-visibility-99-1
            session-window-changed[4] wait-for -S windowd-visibility-4242-7
            session-window-changed[5] if-shell -F -t "%1" "#{!=:#{window_id},#{@x}}" "wait-for -S elsewhere"
            """
        #expect(
            TmuxVisibility.uninstall(socket: "/tmp/t", hooks: hooks) { $0 == channel }
                == [
                    "tmux", "-S", "/tmp/t", "set-hook", "-gu", "client-attached[1]", ";", "set-hook", "-gu",
                    "session-window-changed[4]",
                ]
        )
        #expect(TmuxVisibility.uninstall(socket: "/tmp/t", hooks: hooks) { $0 == "other" } == nil)

        let watch = TmuxVisibility.queryThenWait(socket: "/tmp/t", pane: "%7", channel: channel)
        #expect(
            Array(watch.suffix(10)) == [
                "set-option", "-p", "-F", "-t", "%7", "@" + channel, TmuxVisibility.trigger, ";", "wait-for",
            ] + [channel],
            "one client: the query, what it saw, then the wait, with no hook in between"
        )
        #expect(watch.contains("list-clients") && watch.contains("%7"))
    }

    /// i3's tree, cut down: the window 6291468 on workspace 2, the scratchpad holding 77.
    static let tree = try! JSONParser.parse(
        Array(
            """
            {"id":1,"type":"root","nodes":[
              {"id":2,"type":"output","name":"__i3","nodes":[{"id":3,"type":"con","nodes":[
                {"id":4,"type":"workspace","name":"__i3_scratch","nodes":[],"floating_nodes":[{"id":5,"type":"floating_con","nodes":[{"id":6,"window":77,"nodes":[]}]}]}]}]},
              {"id":10,"type":"output","name":"screen","nodes":[{"id":11,"type":"con","nodes":[
                {"id":12,"type":"workspace","name":"2","nodes":[{"id":13,"type":"con","window":6291468,"pid":300,"nodes":[]}]},
                {"id":14,"type":"workspace","name":"3","nodes":[]}]}]}]}
            """.utf8
        )
    )
    static func workspaces(visible: Int64) -> JSONValue {
        .array([12, 14].map { .object(["id": .int($0), "visible": .bool($0 == visible)]) })
    }

    @Test("i3 and sway: the name of the workspace a window is on; none in the scratchpad or when not in the tree")
    func workspaceName() {
        #expect(
            WindowManagerVisibility.workspace(of: Place(kind: .i3, socket: "/s", window: "6291468"), in: Self.tree)
                == "2"
        )
        #expect(WindowManagerVisibility.workspace(of: Place(kind: .sway, socket: "/s", pid: 300), in: Self.tree) == "2")
        #expect(
            WindowManagerVisibility.workspace(of: Place(kind: .i3, socket: "/s", window: "77"), in: Self.tree) == nil
        )
        #expect(
            WindowManagerVisibility.workspace(of: Place(kind: .i3, socket: "/s", window: "5"), in: Self.tree) == nil
        )
    }

    @Test("i3 and sway: a window is shown while an output shows its workspace; the scratchpad shows nothing")
    func windowManager() {
        let i3 = Place(kind: .i3, socket: "/s", window: "6291468", display: ":1", pid: 9)
        #expect(
            WindowManagerVisibility.visibility(of: i3, tree: Self.tree, workspaces: Self.workspaces(visible: 12))
                == .shown
        )
        #expect(
            WindowManagerVisibility.visibility(of: i3, tree: Self.tree, workspaces: Self.workspaces(visible: 14))
                == .hidden
        )
        let sway = Place(kind: .sway, socket: "/s", pid: 300)
        #expect(
            WindowManagerVisibility.visibility(of: sway, tree: Self.tree, workspaces: Self.workspaces(visible: 12))
                == .shown,
            "sway: found by pid"
        )
        #expect(
            WindowManagerVisibility.visibility(
                of: Place(kind: .sway, socket: "/s", conID: 13),
                tree: Self.tree,
                workspaces: Self.workspaces(visible: 14)
            ) == .hidden
        )
        #expect(
            WindowManagerVisibility.visibility(
                of: Place(kind: .i3, socket: "/s", window: "77"),
                tree: Self.tree,
                workspaces: Self.workspaces(visible: 12)
            ) == .hidden,
            "in the scratchpad"
        )
        #expect(
            WindowManagerVisibility.visibility(
                of: Place(kind: .i3, socket: "/s", window: "5"),
                tree: Self.tree,
                workspaces: Self.workspaces(visible: 12)
            ) == nil
        )
    }

    @Test(
        "i3 and sway: in a tabbed or stacked container only the tab its focus list names first is shown, at every level"
    )
    func windowManagerTabs() throws {
        // Workspace 12 holds a tabbed container (20) of the window 21 and a split (22) of 23 and
        // 24; 22 is the tab shown. Inside it, a stacked container (25) shows 26, not 27.
        func tree(tabbedFocus: [Int64]) throws -> JSONValue {
            try JSONParser.parse(
                Array(
                    """
                    {"id":1,"type":"root","nodes":[{"id":10,"type":"output","name":"screen","nodes":[{"id":11,"type":"con","nodes":[
                      {"id":12,"type":"workspace","name":"2","layout":"splith","focus":[20],"nodes":[
                        {"id":20,"type":"con","layout":"tabbed","focus":\(tabbedFocus),"nodes":[
                          {"id":21,"type":"con","window":501,"layout":"none","focus":[],"nodes":[]},
                          {"id":22,"type":"con","layout":"splitv","focus":[24,23,25],"nodes":[
                            {"id":23,"type":"con","window":502,"layout":"none","focus":[],"nodes":[]},
                            {"id":24,"type":"con","window":503,"layout":"none","focus":[],"nodes":[]},
                            {"id":25,"type":"con","layout":"stacked","focus":[26,27],"nodes":[
                              {"id":26,"type":"con","window":504,"layout":"none","focus":[],"nodes":[]},
                              {"id":27,"type":"con","window":505,"layout":"none","focus":[],"nodes":[]}]}]}]}]}]}]}]}
                    """.utf8
                )
            )
        }
        let shown = Self.workspaces(visible: 12)
        func visibility(_ window: String, _ tree: JSONValue) -> Visibility? {
            WindowManagerVisibility.visibility(
                of: Place(kind: .i3, socket: "/s", window: window),
                tree: tree,
                workspaces: shown
            )
        }
        let splitShown = try tree(tabbedFocus: [22, 21])
        #expect(visibility("501", splitShown) == .hidden, "a tab behind another")
        #expect(visibility("502", splitShown) == .shown, "in a split of the tab shown, focused or not")
        #expect(visibility("503", splitShown) == .shown)
        #expect(visibility("504", splitShown) == .shown, "the stack's top")
        #expect(visibility("505", splitShown) == .hidden, "under another in a stack")
        let firstShown = try tree(tabbedFocus: [21, 22])
        #expect(visibility("501", firstShown) == .shown)
        #expect(visibility("502", firstShown) == .hidden, "inside the tab not shown")
        #expect(visibility("504", firstShown) == .hidden)
        #expect(
            WindowManagerVisibility.visibility(
                of: Place(kind: .sway, socket: "/s", conID: 21),
                tree: splitShown,
                workspaces: shown
            ) == .hidden,
            "sway: by container id"
        )
    }

    @Test("i3's framing: whole messages are taken out of a stream, events told from replies, the rest kept")
    func framing() {
        let event = I3Message.frame(type: 0x8000_0003, payload: #"{"change":"focus"}"#)
        let reply = I3Message.frame(type: 4, payload: "{}")
        var bytes = event + reply + Array(reply.prefix(5))
        let messages = I3Message.messages(in: &bytes)
        #expect(messages.map(\.type) == [0x8000_0003, 4])
        #expect(messages.map { I3Message.isEvent($0.type) } == [true, false])
        #expect(messages.first.map { String(decoding: $0.payload, as: UTF8.self) } == #"{"change":"focus"}"#)
        #expect(bytes == Array(reply.prefix(5)))
    }

    @Test(
        "kitty: a window is shown while its tab is the active one, without the focus unless it is its tab's focused one; ls's data may come as JSON text"
    )
    func kitty() {
        let ls = """
            [{"id":1,"is_focused":true,"tabs":[
              {"id":1,"is_active_tab":false,"windows":[{"id":1,"is_focused":true}]},
              {"id":2,"is_active_tab":true,"windows":[{"id":2,"is_focused":true},{"id":3,"is_focused":false}]}]}]
            """
        #expect(KittyVisibility.visibility(ofWindow: "1", in: .string(ls)) == .hidden)
        #expect(KittyVisibility.visibility(ofWindow: "3", in: .string(ls)) == .unfocused)
        #expect(KittyVisibility.visibility(ofWindow: "2", in: try! JSONParser.parse(Array(ls.utf8))) == .shown)
        #expect(KittyVisibility.visibility(ofWindow: "9", in: .string(ls)) == nil)
    }

    @Test("GNU screen: the window marked current is shown; none is while detached; titles may hold spaces")
    func screen() {
        let attached = "0* sleep  1- two words  12$ 3 notes"
        #expect(ScreenVisibility.windows(in: attached).map(\.number) == ["0", "1", "12"])
        #expect(ScreenVisibility.visibility(ofWindow: "0", inWindows: attached) == .shown)
        #expect(ScreenVisibility.visibility(ofWindow: "1", inWindows: attached) == .hidden)
        #expect(ScreenVisibility.visibility(ofWindow: "12", inWindows: attached) == .hidden)
        #expect(ScreenVisibility.visibility(ofWindow: "0", inWindows: "0 sleep  1 two") == .hidden, "detached")
        #expect(ScreenVisibility.visibility(ofWindow: "3", inWindows: attached) == nil)
    }

    @Test("a nested place is hidden if any level hides it, else without the focus if any level says so")
    func combined() {
        #expect(Visibility.combined([.shown, .shown]) == .shown)
        #expect(Visibility.combined([.shown, .hidden]) == .hidden)
        #expect(Visibility.combined([.unfocused, .shown]) == .unfocused)
        #expect(Visibility.combined([.unfocused, .hidden]) == .hidden)
        #expect(Visibility.combined([]) == .shown)
    }
}
