import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The database gives back what closed windows held (windowd(8), "Files"): the file shrinks
/// while the daemon runs and stays small after a restart.
@Suite("The database file shrinks after a mass close", .serialized, .timeLimit(.minutes(2)))
struct SpaceGivenBackTests {
    static let count = 3_000

    /// The size of `path` in bytes, 0 when it is missing.
    static func size(_ path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    @Test(
        "3,000 windows with 2 KB of storage each, closed: windowd.sqlite is a quarter of what it was, and stays so after a restart"
    )
    func fileShrinksAfterMassClose() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("state/windowd/windowd.sqlite")
        var daemon = try DaemonProcess.start(in: directory)
        let client = try daemon.client()
        let opens = (0..<Self.count).map {
            RawClient.requestLine(id: Int64($0), method: "window.open", params: #"{"group":"detail","value":\#($0)}"#)
        }
        let ids = try client.pipeline(opens).map { try #require(RawJSON.parse($0).result?["window"]?["id"]?.string) }
        let filler = String(repeating: "x", count: 2_048)
        let sets = ids.enumerated().map { index, id in
            RawClient.requestLine(
                id: Int64(index),
                method: "storage.set",
                params: #"{"id":"\#(id)","key":"k","value":"\#(filler)"}"#
            )
        }
        #expect(try client.pipeline(sets, inFlight: 50).allSatisfy { try RawJSON.parse($0).result != nil })
        #expect(daemon.stop() == .exited(0))
        let full = Self.size(database)
        #expect(full > Self.count * 2_048, "the storage is in the file: \(full) bytes")

        daemon = try DaemonProcess.start(in: directory, name: "windowd2")
        let closes = ids.enumerated().map { index, id in
            RawClient.requestLine(id: Int64(index), method: "window.close", params: #"{"id":"\#(id)"}"#)
        }
        #expect(try daemon.client().pipeline(closes).allSatisfy { try RawJSON.parse($0).result != nil })
        try waitUntil("windowd.sqlite to shrink from \(full) bytes; it is \(Self.size(database))") {
            Self.size(database) * 4 < full
        }
        #expect(daemon.stop() == .exited(0))
        daemon = try DaemonProcess.start(in: directory, name: "windowd3")
        defer { daemon.stop() }
        #expect(Self.size(database) * 4 < full, "after a restart: \(Self.size(database)) of \(full) bytes")
    }
}
