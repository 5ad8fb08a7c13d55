import TestSupport
import Testing

extension RunTerminalTests {
    @Test(
        "what a child that left the program's session prints just after the program ended reaches the terminal, as without run"
    )
    func setsidChildOutput() throws {
        let scenario = try PlaceScenario.running()
        // The child prints as soon as the program has ended; the program waits for it to be in
        // a session of its own first (the hang-up of the program's group would end it before).
        let program =
            #"setsid sh -c 'while kill -0 $0 2>/dev/null; do sleep 0.01; done; echo late child' $$ & sleep 0.5; echo parent"#
        let tmux = try TmuxSession(scenario.run("file", "late", "--", "/bin/sh", "-c", program))
        let screen = try tmux.waitForText("run exited 0")
        try waitUntil("the child's line on the screen; it is \(try tmux.screen())") {
            try tmux.screen().contains("late child")
        }
        let lines = try tmux.screen()
        let late = try #require(lines.firstIndex(of: "late child"))
        let exited = try #require(lines.firstIndex(of: "run exited 0"))
        #expect(late < exited, "passed on before run ended: \(lines); first seen \(screen)")
    }
}
