import Testing
import WindowProtocol

@testable import winctl

/// `winctl groups`' STARTS column: what starts a window of each group (winctl(1), "groups").
@Suite("winctl groups: what starts a window")
struct GroupTableTests {
    func group(command: [String] = [], run: [String] = [], launch: [String] = []) -> DaemonGroups.Group {
        DaemonGroups.Group(
            id: "g",
            valueType: "path",
            command: command,
            run: run,
            launch: launch,
            restore: true,
            requiresAuth: false,
            windows: 0
        )
    }

    @Test("command, run or launch, named; the launch override wins; - for none")
    func starts() {
        #expect(GroupTable.starts(group(command: ["winctl", "attach", "{id}"])) == "command: winctl attach {id}")
        #expect(
            GroupTable.starts(
                group(
                    command: ["/usr/bin/winctl", "run", "g", "--value={value}", "--", "vim", "{value}"],
                    run: ["vim", "{value}"]
                )
            )
                == "run: vim {value}"
        )
        #expect(
            GroupTable.starts(group(command: ["orders"], launch: ["tmux", "new-window", "orders"]))
                == "launch: tmux new-window orders"
        )
        #expect(GroupTable.starts(group()) == "-")
    }

    @Test("a word with a space or a quote is written as JSON, as winctl list writes a value")
    func escaped() {
        #expect(GroupTable.starts(group(run: ["less", "+F", "my log"])) == #"run: less +F "my log""#)
    }

    @Test("the header names the column STARTS")
    func header() {
        let lines = GroupTable.lines([group(run: ["vim", "{value}"])])
        #expect(lines.first?.hasSuffix("STARTS") == true)
        #expect(lines.last?.hasSuffix("run: vim {value}") == true)
    }
}
