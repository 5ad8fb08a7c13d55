import Testing
import WindowProtocol
import WindowTerminal

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
}
