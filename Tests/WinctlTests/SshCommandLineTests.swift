import Testing

@testable import winctl

/// `winctl ssh [SSH-OPTION …] HOST [COMMAND]`: what it runs.
@Suite("winctl ssh's command line")
struct SshCommandLineTests {
    @Test(
        "HOST is the first word that is no option nor an option's argument; COMMAND the words after it",
        arguments: [
            (["box"], ["box"], [], ""), (["-F", "cfg", "box", "ls", "-l"], ["-F", "cfg", "box"], [], "ls -l"),
            (["-4", "-p2222", "-o", "A=b", "me@box", "x"], ["-4", "-p2222", "-o", "A=b", "me@box"], [], "x"),
            (["-J", "hop", "--", "box"], ["-J", "hop", "--", "box"], [], ""),
        ] as [([String], [String], [String], String)]
    )
    func split(arguments: [String], throughHost: [String], unused: [String], command: String) throws {
        let line = try #require(SshCommandLine(arguments))
        #expect(line.options + [line.host] == throughHost)
        #expect(line.command == command)
    }

    @Test("no HOST, or only options, is no command line")
    func noHost() {
        #expect(SshCommandLine([]) == nil)
        #expect(SshCommandLine(["-F", "cfg"]) == nil)
    }

    @Test("ssh forwards a fresh path on the host; the remote side links it, sets the variables and cleans up")
    func argv() throws {
        let line = try #require(SshCommandLine(["-F", "cfg", "box", "vim 'a b'"]))
        let argv = line.argv(local: "/run/w.sock.box", key: "k1", nonce: "1f", app: "notes", terminal: true)
        #expect(argv.prefix(2) == ["ssh", "-t"])
        #expect(argv.contains("/tmp/windowd-ssh-k1-1f.sock:/run/w.sock.box"))
        #expect(argv.contains("ExitOnForwardFailure=yes"))
        #expect(Array(argv.dropLast().suffix(3)) == ["-F", "cfg", "box"])
        let remote = try #require(argv.last)
        #expect(remote.hasPrefix("sh -c "))
        for part in ["F=/tmp/windowd-ssh-k1-1f.sock", ".windowd-ssh-k1.sock", "WINDOWD_APP=notes", "rm -f", "vim"] {
            #expect(remote.contains(part), "\(remote)")
        }
        let login = try #require(SshCommandLine(["box"])).argv(
            local: "/l",
            key: "k",
            nonce: "n",
            app: nil,
            terminal: false
        )
        #expect(!login.contains("-t") && !login.last!.contains("WINDOWD_APP") && login.last!.contains(" -l"))
    }

    @Test("the key tells daemons and hosts apart, in characters a file name takes")
    func key() {
        let key = SshCommandLine.key(host: "laptop", local: "/run/user/1/windowd/windowd.sock.box")
        #expect(key != SshCommandLine.key(host: "laptop", local: "/run/user/1/windowd/editor.sock.box"))
        #expect(key != SshCommandLine.key(host: "desk", local: "/run/user/1/windowd/windowd.sock.box"))
        #expect(key.allSatisfy { $0.isHexDigit })
    }
}
