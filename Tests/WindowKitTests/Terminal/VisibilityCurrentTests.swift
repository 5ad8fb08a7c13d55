import TestSupport
import Testing
import WindowProtocol

@testable import WindowKit

#if canImport(Glibc)
import Glibc
#endif

/// ``VisibilityWatcher/current(_:within:)`` keeps to its time (winctl(1), "attach"): a place's
/// socket that takes the request and never finishes its reply is given up with the rest of the
/// 200 ms, and the presenter attaches as when the place says nothing.
@Suite("VisibilityWatcher.current: a place that never answers is given up within its time", .serialized)
struct VisibilityCurrentTests {
    @Test(
        "an i3 or kitty socket that trickles a byte now and then and never a whole reply: unknown, the connection closed while it still trickles",
        arguments: ["i3", "kitty"]
    )
    func tricklingPlaceIsGivenUp(kind: String) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("place.sock")
        // A byte every 100 ms: a request waiting up to a second per read would never give up.
        let listener = try TricklingListener(path: path, interval: .milliseconds(100), giveUp: .seconds(5))
        let place =
            kind == "i3"
            ? Place(kind: .i3, socket: path, window: "1")
            : Place(kind: .kitty, listenOn: "unix:" + path, windowID: "1")
        let visibility = await VisibilityWatcher.current(place)
        #expect(visibility == nil, "unknown: attached as when the place says nothing")
        try waitUntil("the request to be given up while the place still sends", timeout: .seconds(5)) {
            listener.closedByClients >= 1
        }
    }
}
