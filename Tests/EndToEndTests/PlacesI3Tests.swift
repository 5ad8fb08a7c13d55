import Testing
import WindowProtocol

/// SPEC section 13 under i3 with xterm, on Xvfb, checked from outside through i3's own
/// interface: two presenters report their i3 place, `winctl open` of the one behind focuses its
/// xterm over i3's IPC, and the phases follow xterm's focus reports with no keypress.
@Suite("Places under i3", .serialized, .enabled(if: I3OnXvfb.isAvailable, "needs Xvfb, i3 and xterm"), .timeLimit(.minutes(3)))
struct PlacesI3Tests {
    @Test("two xterms under i3: winctl open of the first focuses its window; its phase becomes active, the other's inactive")
    func bringToFrontUnderI3() throws {
        let directory = try TemporaryDirectory()
        let socket = directory.file("s.sock")
        let daemon = try DaemonProcess(in: directory, config: PlacesTmuxTests.config(socket: socket))
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let i3 = try I3OnXvfb(directory: directory)
        try i3.xterm("first", running: [Binaries.winctl, "--socket", socket, "attach", "detail", "1"])
        let first = try PlacesTmuxTests.waitFor(daemon, value: 1, timeout: .seconds(30))
        try i3.xterm("second", running: [Binaries.winctl, "--socket", socket, "attach", "detail", "2"])
        try PlacesTmuxTests.waitFor(daemon, value: 2, phase: "active", timeout: .seconds(30))
        try PlacesTmuxTests.waitFor(daemon, value: 1, phase: "inactive")
        #expect(first["place"]?["kind"]?.string == "i3", "\(first.jsonText)")
        let window = try #require(first["place"]?["window"]?.string.flatMap { Int64($0) }, "\(first.jsonText)")
        #expect(try i3.focusedWindow() != window)

        let open = try Winctl.run(["open", "detail", "1"], socket: socket, json: true)
        #expect(try open.json()["outcome"]?.string == "focused", "\(open)")
        try waitUntil("i3 to focus detail 1's xterm") { try i3.focusedWindow() == window }
        try PlacesTmuxTests.waitFor(daemon, value: 1, phase: "active")
        try PlacesTmuxTests.waitFor(daemon, value: 2, phase: "inactive")
        let list = try Winctl.run(["list"], socket: socket)
        #expect(list.stdout.contains("i3 \(window)"), "\(list)")
    }
}
