import ArgumentParser
import Testing
import WindowProtocol

@testable import WinctlOutput

/// The presenter's options: what `winctl attach` hands over, `winctl-attach` reads back.
@Suite("Presenter options: declared and checked once for winctl attach and winctl-attach")
struct PresenterOptionsTests {
    @Test(
        "the hand-over arguments parse back to the same options",
        arguments: [
            ["--phase", "inactive", "--takeover", "--give-up", "5"], [], ["--phase=background"],
        ]
    )
    func roundTrip(line: [String]) throws {
        let options = try PresenterOptions.parse(line)
        let again = try PresenterOptions.parse(options.arguments)
        #expect(again.phase == options.phase && again.takeover == options.takeover && again.giveUp == options.giveUp)
    }

    @Test("--give-up below 1 second and an unknown phase are usage errors")
    func refused() {
        #expect(throws: (any Error).self) { try PresenterOptions.parse(["--give-up", "0"]) }
        #expect(throws: (any Error).self) { try PresenterOptions.parse(["--phase", "asleep"]) }
    }
}
