import Testing
import WindowKit
import WindowProtocol

@Suite("Phase from the terminal")
struct TerminalPhaseMachineTests {
    @Test("focus out is inactive, focus in active; repeats report nothing")
    func focus() {
        var machine = TerminalPhaseMachine()
        #expect(machine.handle(.focusIn) == nil, "attached active: focus in changes nothing")
        #expect(machine.handle(.focusOut) == .inactive)
        #expect(machine.handle(.focusOut) == nil)
        #expect(machine.handle(.focusIn) == .active)
    }

    @Test("suspend is background whatever the focus; continue is active")
    func suspend() {
        var machine = TerminalPhaseMachine(phase: .inactive)
        #expect(machine.handle(.suspend) == .background)
        #expect(machine.isSuspended)
        #expect(machine.handle(.focusIn) == nil, "a stopped presenter is not in front")
        #expect(machine.handle(.resume) == .active)
        #expect(!machine.isSuspended)
    }

    @Test("a terminal its place hides is background, focused or not; shown again it is what its focus says")
    func hidden() {
        var machine = TerminalPhaseMachine()
        #expect(machine.handle(.hidden) == .background)
        #expect(machine.handle(.focusOut) == nil, "losing the focus while hidden stays background")
        #expect(machine.handle(.focusIn) == nil)
        #expect(machine.handle(.shown) == .active)
        #expect(machine.handle(.focusOut) == .inactive, "shown without the focus is inactive, not background")
        #expect(machine.handle(.hidden) == .background)
        #expect(machine.handle(.shown) == .inactive)
    }

    @Test(
        "attached background because its place hid it: the focus reports before the place's first word leave it background"
    )
    func attachedHidden() {
        var machine = TerminalPhaseMachine(phase: .background, shown: false)
        #expect(machine.handle(.focusOut) == nil, "tmux answers the focus request with a focus out")
        #expect(machine.handle(.focusIn) == nil)
        #expect(machine.handle(.hidden) == nil)
        #expect(machine.handle(.shown) == .active)
    }

    @Test(
        "a place that says the terminal is shown without the focus (a focus out sent before reports were asked for) makes it inactive"
    )
    func unfocused() {
        var machine = TerminalPhaseMachine()
        #expect(machine.handle(.unfocused) == .inactive)
        #expect(machine.handle(.focusIn) == .active)
        var hidden = TerminalPhaseMachine(phase: .background, shown: false)
        #expect(hidden.handle(.unfocused) == .inactive, "its tab came to the front of a window without the focus")
        #expect(machine.handle(.suspend) == .background)
        #expect(machine.handle(.unfocused) == nil)
        #expect(machine.handle(.resume) == .active, "continued in front")
    }

    @Test("a stopped presenter stays background when shown; continued while hidden it stays background")
    func hiddenAndSuspended() {
        var machine = TerminalPhaseMachine()
        #expect(machine.handle(.suspend) == .background)
        #expect(machine.handle(.hidden) == nil)
        #expect(machine.handle(.resume) == nil, "continued in a hidden window")
        #expect(machine.handle(.shown) == .active)
    }

    @Test("the phase of every combination of focus, shown and suspended")
    func table() {
        let cases: [(focused: Bool, shown: Bool, suspended: Bool, phase: ScenePhase)] = [
            (true, true, false, .active), (false, true, false, .inactive),
            (true, false, false, .background), (false, false, false, .background),
            (true, true, true, .background), (false, true, true, .background),
            (true, false, true, .background), (false, false, true, .background),
        ]
        for row in cases {
            #expect(
                TerminalPhaseMachine.phase(focused: row.focused, shown: row.shown, suspended: row.suspended)
                    == row.phase,
                "\(row)"
            )
        }
    }
}
