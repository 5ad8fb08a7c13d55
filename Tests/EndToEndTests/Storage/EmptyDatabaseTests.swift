import Foundation
import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A zero-length database file where a database was is damage: logged, then
/// refused or moved aside as `state.on_damage` says; a state directory with no file is a fresh start.
@Suite("Empty database file")
struct EmptyDatabaseTests {
    /// A state directory holding 30 windows, stopped cleanly, then `truncate -s0 windowd.sqlite`.
    static func truncatedState() throws -> (directory: TemporaryDirectory, database: String) {
        let directory = try TemporaryDirectory()
        let first = try DaemonProcess.start(in: directory, name: "first")
        let client = try first.client()
        for value in 0..<30 { try client.call("window.open", #"{"group":"detail","value":\#(value)}"#) }
        #expect(first.stop() == .exited(0))
        let database = directory.file("state/windowd/windowd.sqlite")
        let truncation = try SpawnedProcess("/usr/bin/truncate", ["-s0", database])
        #expect(try truncation.wait() == .exited(0))
        #expect(try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int == 0)
        return (directory, database)
    }

    @Test("on_damage = \"move-aside\": the empty file is logged, moved aside, and the daemon starts fresh")
    func moveAside() throws {
        let (directory, database) = try Self.truncatedState()
        let daemon = try DaemonProcess.start(in: directory, name: "second")
        defer { daemon.stop() }
        #expect(try daemon.client().call("window.list")["windows"]?.array?.count == 0)
        let stateDirectory = directory.file("state/windowd")
        let moved = try FileManager.default.contentsOfDirectory(atPath: stateDirectory).filter {
            $0.hasPrefix("windowd.sqlite.damaged-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm")
        }
        #expect(moved.count == 1, "moved aside: \(moved)")
        #expect(daemon.log.contains("empty"), "the log says why: \(daemon.log)")
        if let name = moved.first { #expect(daemon.log.contains(name), "the log says where") }
        #expect(
            try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int ?? 0 > 0,
            "a fresh database took its place"
        )
    }

    @Test("on_damage = \"refuse\": the daemon logs the empty file and exits 73, leaving it where it is")
    func refuse() throws {
        let (directory, database) = try Self.truncatedState()
        let config = TestConfig.text(extra: "\n[state]\non_damage = \"refuse\"\n")
        let daemon = try DaemonProcess(in: directory, config: config, name: "second")
        defer { daemon.stop() }
        #expect(try daemon.process.wait() == .exited(73))
        #expect(
            daemon.log.contains("empty") && daemon.log.contains(database),
            "the log names the file and why: \(daemon.log)"
        )
        #expect(FileManager.default.fileExists(atPath: database))
    }

    @Test("a state directory without a database is a fresh start, under either on_damage")
    func freshDirectory() throws {
        for policy in ["move-aside", "refuse"] {
            let config = TestConfig.text(extra: "\n[state]\non_damage = \"\(policy)\"\n")
            let daemon = try DaemonProcess.start(config: config)
            #expect(try daemon.client().call("window.list")["windows"]?.array?.count == 0)
            #expect(!daemon.log.contains("damaged"), "\(policy): \(daemon.log)")
            daemon.stop()
        }
    }
}
