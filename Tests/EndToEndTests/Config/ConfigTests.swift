import Foundation
import POSIXSupport
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// windowd.toml(5): a broken config stops windowd with status 78 and names the file, line and key.
@Suite("Config", .timeLimit(.minutes(1)))
struct ConfigTests {
    /// A broken config and what its error must name.
    struct Broken: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let line: Int
        let key: String
        var testDescription: String { name }
    }

    static let broken: [Broken] = [
        Broken(
            name: "an unknown value type",
            text: """
                [app]
                minimum_loading_ms = 0

                [groups.detail]
                value = "integer"
                """,
            line: 5,
            key: "groups.detail.value"
        ),
        Broken(
            name: "a TOML syntax error",
            text: """
                [daemon]
                max_clients = = 3

                [groups.main]
                value = "none"
                """,
            line: 2,
            key: "daemon.max_clients"
        ),
        Broken(
            name: "a value of the wrong type",
            text: """
                [groups.main]
                value = "none"

                [daemon]
                max_clients = "many"
                """,
            line: 5,
            key: "daemon.max_clients"
        ),
        Broken(
            name: "an unknown key",
            text: """
                [daemon]
                max_clientz = 3

                [groups.main]
                value = "none"
                """,
            line: 2,
            key: "daemon.max_clientz"
        ),
        Broken(
            name: "a limit out of range",
            text: """
                [daemon]
                max_message_bytes = 0

                [groups.main]
                value = "none"
                """,
            line: 2,
            key: "daemon.max_message_bytes"
        ),
        // A group that does not exist was accepted silently, and admitted no one.
        Broken(
            name: "an allowed_group that does not exist",
            text: """
                [groups.main]
                value = "none"

                [daemon]
                allowed_group = "wdt-no-such-group"
                """,
            line: 5,
            key: "daemon.allowed_group"
        ),
    ]

    @Test("a broken config: exit 78, naming the file, the line and the key", arguments: broken)
    func brokenConfig(_ config: Broken) throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess(in: directory, config: config.text)
        defer { daemon.stop() }
        #expect(try daemon.process.wait() == .exited(78), "\(daemon.log)")
        let log = daemon.log
        #expect(log.contains("\(daemon.configPath):\(config.line)"), "names the file and line \(config.line):\n\(log)")
        #expect(log.contains(config.key), "names the key \(config.key):\n\(log)")
        #expect(
            !log.contains(config.key + "." + (config.key.split(separator: ".").last.map(String.init) ?? "")),
            "names the key once, not doubled:\n\(log)"
        )
        #expect(access(daemon.socketPath, F_OK) != 0, "nothing was bound")

        let check = try SpawnedProcess(
            Binaries.windowd,
            ["--check-config", "--config", daemon.configPath],
            stderr: .file(directory.file("check.err"))
        )
        #expect(try check.wait() == .exited(78))
        #expect(directory.read("check.err").contains(config.key))
    }

    @Test("windowd --check-config accepts config/windowd.toml and the test config")
    func checkConfig() throws {
        let directory = try TemporaryDirectory()
        let shipped = Binaries.packageRoot + "/config/windowd.toml"
        #expect(
            access(shipped, R_OK) == 0,
            "\(shipped) is missing: the package ships its config there (windowd.toml(5))"
        )
        var candidates = [try directory.write(TestConfig.text(), to: "test.toml")]
        if access(shipped, R_OK) == 0 { candidates.append(shipped) }
        for path in candidates {
            let check = try SpawnedProcess(
                Binaries.windowd,
                ["--check-config", "--config", path],
                stdout: .file(directory.file("check.out")),
                stderr: .file(directory.file("check.err"))
            )
            #expect(try check.wait() == .exited(0), "\(path): \(directory.read("check.err"))")
            #expect(directory.read("check.out").contains(path))
            #expect(access(directory.file("s.sock"), F_OK) != 0)
        }
    }

    /// Bytes that crashed or corrupted TOMLKit's toml++ (an assertion, undefined behaviour):
    /// now each is a config error at line 1.
    struct Garbage: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }
    }

    static let garbage: [Garbage] = [
        Garbage(name: "[[[ nonsense", bytes: Array("[[[ nonsense".utf8)),
        Garbage(name: "the bytes 00 ff fe", bytes: [0x00, 0xFF, 0xFE]),
        Garbage(name: "[&", bytes: Array("[&".utf8)),
    ]

    @Test(
        "windowd --check-config on bytes that are not TOML: exit 78 naming the file and line, never a signal",
        arguments: garbage
    )
    func checkGarbage(_ garbage: Garbage) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.writeBytes(garbage.bytes, to: "garbage.toml")
        let check = try SpawnedProcess(
            Binaries.windowd,
            ["--check-config", "--config", path],
            stdout: .file(directory.file("check.out")),
            stderr: .file(directory.file("check.err"))
        )
        #expect(try check.wait() == .exited(78), "stderr: \(directory.read("check.err"))")
        let message = directory.read("check.err")
        #expect(message.contains("\(path):1:"), "names the file and line:\n\(message)")
        #expect(message.contains("not valid TOML"), "\(message)")
    }

    @Test("windowd started on bytes that are not TOML: exit 78, nothing bound", arguments: garbage)
    func startOnGarbage(_ garbage: Garbage) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.writeBytes(garbage.bytes, to: "garbage.toml")
        let daemon = try SpawnedProcess(
            Binaries.windowd,
            ["--config", path, "--socket", directory.file("s.sock")],
            environment: SpawnedProcess.testEnvironment(adding: ["XDG_STATE_HOME": directory.file("state")]),
            stderr: .file(directory.file("windowd.log"))
        )
        #expect(try daemon.wait() == .exited(78), "log: \(directory.read("windowd.log"))")
        #expect(directory.read("windowd.log").contains("\(path):1:"))
        #expect(access(directory.file("s.sock"), F_OK) != 0, "nothing was bound")
    }

    @Test(
        "SIGHUP after the config file became bytes that are not TOML: the daemon runs on with its old config and logs why",
        arguments: garbage
    )
    func reloadGarbage(_ garbage: Garbage) throws {
        let directory = try TemporaryDirectory()
        let daemon = try DaemonProcess.start(
            in: directory,
            config: TestConfig.text(extra: "[groups.old]\nvalue = \"none\"\n")
        )
        defer { daemon.stop() }
        try directory.writeBytes(garbage.bytes, to: "windowd.toml")
        daemon.process.signal(SIGHUP)
        try waitUntil("the refused reload in the log") {
            if let ended = daemon.process.poll() {
                throw TestFailure("windowd ended (\(ended)) on SIGHUP; log:\n\(daemon.log)")
            }
            return daemon.log.contains("reload refused")
        }
        #expect(daemon.log.contains("\(daemon.configPath):1:"), "the log names the file and line:\n\(daemon.log)")
        let client = try daemon.client()
        #expect(
            try client.request("window.open", #"{"group":"old"}"#).result != nil,
            "the old config's group still opens"
        )
        #expect(daemon.process.poll() == nil, "still running")
        #expect(daemon.stop() == .exited(0), "stops cleanly; log:\n\(daemon.log)")
    }
}

extension TemporaryDirectory {
    /// Writes `bytes` as they are to `path/name` and returns the full path.
    @discardableResult
    func writeBytes(_ bytes: [UInt8], to name: String) throws -> String {
        let full = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: full))
        return full
    }
}
