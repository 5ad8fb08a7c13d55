import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// A real OpenSSH server on the loopback, of this test's own: host and user keys made with
/// `ssh-keygen` in a temporary directory, `sshd -D` as the current user's, and an ssh config file
/// that names it `box`. Released, the server is stopped. `make test-deps` installs OpenSSH.
package final class SshServer {
    /// The ssh config file (`ssh -F`) in which the host `box` is this server.
    package let config: String
    /// The directory holding the keys, the configs and the server's log.
    package let directory: TemporaryDirectory
    private let server: BackgroundProcess

    package init() throws {
        directory = try TemporaryDirectory("wds")
        let (dir, port) = (directory.path, Int.random(in: 20_000...60_000))
        for key in ["host_key", "user_key"] {
            let keygen = try SpawnedProcess(
                "/usr/bin/ssh-keygen",
                ["-q", "-t", "ed25519", "-N", "", "-f", "\(dir)/\(key)"]
            )
            guard try keygen.wait().exitStatus == 0 else { throw TestFailure("ssh-keygen failed for \(key)") }
        }
        _ = try directory.write(directory.read("user_key.pub"), to: "authorized_keys")
        // Root's sshd separates privileges into a directory that only a booted system makes.
        if getuid() == 0 { mkdir("/run/sshd", 0o755) }
        let serverConfig = try directory.write(
            """
            ListenAddress 127.0.0.1
            Port \(port)
            HostKey \(dir)/host_key
            AuthorizedKeysFile \(dir)/authorized_keys
            PidFile none
            UsePAM no
            StrictModes no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            PermitRootLogin prohibit-password

            """,
            to: "sshd_config"
        )
        config = try directory.write(
            """
            Host box
              HostName 127.0.0.1
              Port \(port)
              User \(String(cString: getpwuid(getuid())!.pointee.pw_name))
              IdentityFile \(dir)/user_key
              IdentitiesOnly yes
              StrictHostKeyChecking no
              UserKnownHostsFile /dev/null
              BatchMode yes
              LogLevel ERROR

            """,
            to: "ssh_config"
        )
        server = try BackgroundProcess(
            ["/usr/sbin/sshd", "-f", serverConfig, "-D", "-e"],
            environment: SpawnedProcess.testEnvironment(),
            log: directory.file("sshd.log")
        )
        guard Poll.until(within: 10, { directory.read("sshd.log").contains("Server listening") }) else {
            throw TestFailure("sshd did not start: \(directory.read("sshd.log"))")
        }
    }

    deinit { server.stop() }
}
