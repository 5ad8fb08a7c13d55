#if canImport(Glibc)
import Glibc
#endif
import Testing
import WindowProtocol

/// SPEC section 11: a broken config stops windowd with status 78 and names the file, line and key.
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
        Broken(name: "an unknown value type", text: """
            [app]
            minimum_loading_ms = 0

            [groups.detail]
            value = "integer"
            """, line: 5, key: "groups.detail.value"),
        Broken(name: "a TOML syntax error", text: """
            [daemon]
            max_clients = = 3

            [groups.main]
            value = "none"
            """, line: 2, key: "daemon.max_clients"),
        Broken(name: "a value of the wrong type", text: """
            [groups.main]
            value = "none"

            [daemon]
            max_clients = "many"
            """, line: 5, key: "daemon.max_clients"),
        Broken(name: "an unknown key", text: """
            [daemon]
            max_clientz = 3

            [groups.main]
            value = "none"
            """, line: 2, key: "daemon.max_clientz"),
        Broken(name: "a limit out of range", text: """
            [daemon]
            max_message_bytes = 0

            [groups.main]
            value = "none"
            """, line: 2, key: "daemon.max_message_bytes"),
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
        #expect(!log.contains(config.key + "." + (config.key.split(separator: ".").last.map(String.init) ?? "")),
                "names the key once, not doubled:\n\(log)")
        #expect(access(daemon.socketPath, F_OK) != 0, "nothing was bound")

        let check = try SpawnedProcess(Binaries.windowd, ["--check-config", "--config", daemon.configPath],
                                       stderr: .file(directory.file("check.err")))
        #expect(try check.wait() == .exited(78))
        #expect(directory.read("check.err").contains(config.key))
    }

    @Test("windowd --check-config accepts config/windowd.toml and the test config")
    func checkConfig() throws {
        let directory = try TemporaryDirectory()
        let shipped = Binaries.packageRoot + "/config/windowd.toml"
        #expect(access(shipped, R_OK) == 0, "\(shipped) is missing: the package ships its config there (SPEC section 11)")
        var candidates = [try directory.write(TestConfig.text(), to: "test.toml")]
        if access(shipped, R_OK) == 0 { candidates.append(shipped) }
        for path in candidates {
            let check = try SpawnedProcess(Binaries.windowd, ["--check-config", "--config", path],
                                           stdout: .file(directory.file("check.out")), stderr: .file(directory.file("check.err")))
            #expect(try check.wait() == .exited(0), "\(path): \(directory.read("check.err"))")
            #expect(directory.read("check.out").contains(path))
            #expect(access(directory.file("s.sock"), F_OK) != 0)
        }
    }
}
