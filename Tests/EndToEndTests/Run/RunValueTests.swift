import POSIXSupport
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A value that looks like an option stays a value on its way to a `run` group's program
/// (windowd.toml(5), "run"; winctl(1), "run"): opened in tmux, the daemon's `winctl run` argv
/// presents it on the daemon's own socket and the program gets it as it was typed.
@Suite(
    "A run group's value is never an option",
    .serialized,
    .enabled(if: TmuxSession.isAvailable, "needs tmux"),
    .timeLimit(.minutes(2))
)
struct RunValueTests {
    @Test(
        "winctl open r -- VALUE: the presenter connects to the daemon's socket and the program sees VALUE literally",
        arguments: ["--socket=/tmp/evil.sock", "--help", "-x", "--keep"]
    )
    func valueThatLooksLikeAnOption(value: String) throws {
        let directory = try TemporaryDirectory()
        let recorder = try directory.write(
            "#!/bin/sh\nprintf '%s\\n' \"$WINDOWD_SOCKET\" \"$@\" > \(directory.file("argv.tmp"))\n"
                + "mv \(directory.file("argv.tmp")) \(directory.file("argv"))\nexec sleep 600\n",
            to: "record"
        )
        #expect(chmod(recorder, 0o755) == 0)
        let daemon = try DaemonProcess.start(
            config: TestConfig.text(
                extra: "\n[groups.r]\nvalue = \"string\"\nrun = [\"\(recorder)\", \"{value}\", \"{id}\"]\n"
            )
        )
        defer { daemon.stop() }
        let tmux = try TmuxSession(
            ["/bin/sh", "-c", #""$0" "$@"; exec sleep 600"#, Binaries.winctl, "--socket", daemon.socketPath]
                + ["open", "r", "--", value]
        )
        defer { withExtendedLifetime(tmux) {} }
        let window = try daemon.waitForWindow(group: "r", value: value, timeout: .seconds(20))
        let id = try #require(window["id"]?.string)
        try waitUntil("the program to record its argv") { !directory.read("argv").isEmpty }
        #expect(directory.read("argv") == "\(daemon.socketPath)\n\(value)\n\(id)\n")
    }

    @Test(
        "winctl run GROUP -- VALUE -- PROGRAM (any value) and --value=-VALUE present that value; a negative number needs no --"
    )
    func dashValueTypedByHand() throws {
        let daemon = try DaemonProcess.start()
        defer { daemon.stop() }
        for (arguments, value) in [
            (["run", "notes", "--", "-x", "--"], "-x"),
            (["run", "notes", "--", "plain words", "--"], "plain words"),
            (["run", "notes", "--value=--socket=/tmp/evil.sock", "--"], "--socket=/tmp/evil.sock"),
            (["run", "detail", "-5", "--"], "-5"),
        ] {
            let run = try Winctl.run(
                arguments + ["/bin/sh", "-c", "echo \"$WINDOWD_VALUE\""],
                socket: daemon.socketPath
            )
            #expect(run.status == 0, "\(run)")
            #expect(run.stdout == value + "\n", "\(run)")
        }
        let missing = try Winctl.run(["run", "notes", "--", "-x", "/bin/true"], socket: daemon.socketPath)
        #expect(missing.status == 64, "\(missing)")
    }
}
