import Testing
import WindowEngine
import WindowProtocol

@testable import WindowServer

#if canImport(Glibc)
import Glibc
#endif

@Suite("Config")
struct ConfigLoaderTests {
    static let repositoryRoot: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    @Test("config/windowd.toml and the embedded defaults are the same config")
    func shippedMatchesEmbedded() throws {
        let shipped = try ConfigLoader.load(path: Self.repositoryRoot + "/config/windowd.toml")
        let embedded = try ConfigLoader.parse(EmbeddedConfig.text, file: "embedded")
        #expect(shipped == embedded)
        #expect(
            embedded.groups["detail"] == DaemonConfig.GroupSection(value: .int, command: ["winctl", "attach", "{id}"])
        )
        #expect(embedded.daemon.maxMessageBytes == 65_536)
        #expect(embedded.app.phaseSettleMilliseconds == 150)
        #expect(embedded.coordinatorLimits.phaseSettle == 0.15)
        #expect(embedded.app.launchTimeoutMilliseconds == 30_000 && embedded.coordinatorLimits.launchTimeout == 30)
    }

    @Test("a config written for the writer-holding flow control still starts: its queue limit is the hard limit")
    func earlierOutboundKeys() throws {
        let config = try ConfigLoader.parse(
            "[daemon]\nmax_outbound_bytes = 1048576\noutbound_stall_ms = 1000\n[groups.main]\nvalue = \"none\"\n",
            file: "windowd.toml"
        )
        #expect(config.daemon.outboundHardBytes == 1_048_576)
        let both = try ConfigLoader.parse(
            "[daemon]\nmax_outbound_bytes = 1048576\noutbound_hard_bytes = 2097152\n[groups.main]\nvalue = \"none\"\n",
            file: "windowd.toml"
        )
        #expect(both.daemon.outboundHardBytes == 2_097_152)
    }

    @Test("a bad value names the file, the line and the key")
    func badValueType() {
        let text = """
            [daemon]
            max_clients = 10

            [groups.detail]
            value = "integer"
            """
        do {
            _ = try ConfigLoader.parse(text, file: "/etc/windowd/windowd.toml")
            Issue.record("a bad value type was accepted")
        } catch {
            #expect(error.file == "/etc/windowd/windowd.toml")
            #expect(error.line == 5)
            #expect(error.key == "groups.detail.value")
            #expect(
                error.description
                    == #"/etc/windowd/windowd.toml:5: groups.detail.value must be one of "none", "int", "string", "uuid" or "path", found a string ("integer")"#
            )
        }
    }

    @Test(
        "wrong types, unknown keys, syntax errors and bad limits are located",
        arguments: [
            ("[daemon]\nmax_clients = \"many\"\n[groups.a]\n", 2, "daemon.max_clients"),
            ("[daemon]\nmax_clinets = 5\n[groups.a]\n", 2, "daemon.max_clinets"),
            ("[daemon\nmax_clients = 5\n", 1, "daemon"),
            ("[groups.a]\nvalue = \"int\"\n[app]\nsession_ttl_seconds = 0\n", 4, "app.session_ttl_seconds"),
            ("[state]\ndurability = \"sometimes\"\n[groups.a]\n", 2, "state.durability"),
            ("[daemon]\n", nil, "groups"),
        ] as [(String, Int?, String?)]
    )
    func located(text: String, line: Int?, key: String?) {
        do {
            _ = try ConfigLoader.parse(text, file: "t.toml")
            Issue.record("accepted: \(text)")
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.key == key, "\(error)")
        }
    }

    /// A config text and the whole error it must give, as a user reads it.
    struct Message: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        let expected: String
        var testDescription: String { name }

        init(_ name: String, _ text: String, _ expected: String) {
            self.name = name
            self.text = text
            self.expected = expected
        }
    }

    @Test(
        "each error names the file, the line, the key, what was expected and what was found",
        arguments: [
            Message(
                "a string for an integer",
                "[groups.main]\nvalue = \"none\"\n\n[daemon]\nmax_clients = \"many\"\n",
                #"config/windowd.toml:5: daemon.max_clients must be an integer, found a string ("many")"#
            ),
            Message(
                "a float for an integer",
                "[daemon]\nmax_clients = 1.5\n[groups.main]\n",
                "config/windowd.toml:2: daemon.max_clients must be an integer, found a float (1.5)"
            ),
            Message(
                "a duration as a string",
                "[groups.main]\n[app]\nsession_ttl_seconds = \"12h\"\n",
                #"config/windowd.toml:3: app.session_ttl_seconds must be an integer number of seconds, found a string ("12h")"#
            ),
            Message(
                "yes for a boolean",
                "[groups.detail]\nvalue = \"int\"\nrestore = \"yes\"\n",
                #"config/windowd.toml:3: groups.detail.restore must be true or false, found a string ("yes")"#
            ),
            Message(
                "an integer for a string",
                "[daemon]\nsocket = 5\n[groups.main]\n",
                "config/windowd.toml:2: daemon.socket must be a string, found an integer (5)"
            ),
            Message(
                "a string for an array",
                "[groups.detail]\nlaunch = \"tmux new-window\"\n",
                #"config/windowd.toml:2: groups.detail.launch must be an array of strings, found a string ("tmux new-window")"#
            ),
            Message(
                "a wrong element, on its own line",
                "[groups.detail]\nlaunch = [\n  \"tmux\",\n  5,\n]\n",
                "config/windowd.toml:4: groups.detail.launch[1] must be a string, found an integer (5)"
            ),
            Message(
                "a uid that is not one",
                "[groups.main]\n[daemon]\nallowed_uids = [1000, -1]\n",
                "config/windowd.toml:3: daemon.allowed_uids[1] must be a user id, 0 to 4294967295, not -1"
            ),
            Message(
                "a user name for a uid",
                "[groups.main]\n[daemon]\nallowed_uids = [\"root\"]\n",
                #"config/windowd.toml:3: daemon.allowed_uids[0] must be a user id (an integer), found a string ("root")"#
            ),
            Message(
                "a milliseconds value as a float",
                "[groups.main]\n[app]\nminimum_loading_ms = 0.5\n",
                "config/windowd.toml:3: app.minimum_loading_ms must be an integer number of milliseconds, found a float (0.5)"
            ),
            Message(
                "a boolean for an integer",
                "[groups.main]\n[daemon]\nmax_message_bytes = true\n",
                "config/windowd.toml:3: daemon.max_message_bytes must be an integer number of bytes, found a boolean (true)"
            ),
            Message(
                "a table for an integer",
                "[groups.main]\n[daemon.max_clients]\n",
                "config/windowd.toml:2: daemon.max_clients must be an integer, found a table"
            ),
            Message(
                "an unknown value type",
                "[groups.detail]\nvalue = \"integer\"\n",
                #"config/windowd.toml:2: groups.detail.value must be one of "none", "int", "string", "uuid" or "path", found a string ("integer")"#
            ),
            Message(
                "a value type that is not a string",
                "[groups.detail]\nvalue = 5\n",
                #"config/windowd.toml:2: groups.detail.value must be one of "none", "int", "string", "uuid" or "path", found an integer (5)"#
            ),
            Message(
                "an unknown durability",
                "[groups.main]\n[state]\ndurability = \"sometimes\"\n",
                #"config/windowd.toml:3: state.durability must be one of "normal" or "full", found a string ("sometimes")"#
            ),
            Message(
                "an unknown damage policy",
                "[groups.main]\n[state]\non_damage = \"ignore\"\n",
                #"config/windowd.toml:3: state.on_damage must be one of "move-aside" or "refuse", found a string ("ignore")"#
            ),
            Message(
                "a misspelt key",
                "[daemon]\nmax_clinets = 5\n[groups.main]\n",
                "config/windowd.toml:2: daemon.max_clinets is not a known key; did you mean max_clients?"
            ),
            Message(
                "an unknown key",
                "[groups.main]\ncolour = \"red\"\n",
                "config/windowd.toml:2: groups.main.colour is not a known key; check its spelling against windowd.toml(5)"
            ),
            Message(
                "an unknown table",
                "[groups.main]\n[deamon]\n",
                "config/windowd.toml:2: deamon is not a known key; did you mean daemon?"
            ),
            Message(
                "a section that is not a table",
                "daemon = 5\n[groups.main]\n",
                "config/windowd.toml:1: daemon must be a table ([daemon]), found an integer (5)"
            ),
            Message(
                "a group that is not a table",
                "[groups]\nmain = \"none\"\n",
                #"config/windowd.toml:2: groups.main must be a table ([groups.main]), found a string ("none")"#
            ),
            Message(
                "a group id with a space",
                "[groups.\"two words\"]\n",
                #"config/windowd.toml:1: groups."two words" is not a valid group id: a group id uses letters, digits, '-' and '_' only"#
            ),
            Message(
                "an empty program",
                "[groups.detail]\nlaunch = [\"\", \"x\"]\n",
                "config/windowd.toml:2: groups.detail.launch must start with the program to run; its first element is empty"
            ),
            Message(
                "an empty command",
                "[groups.detail]\ncommand = [\"\"]\n",
                "config/windowd.toml:2: groups.detail.command must start with the program to run; its first element is empty"
            ),
            Message(
                "a limit of 0",
                "[groups.main]\n[daemon]\nmax_windows = 0\n",
                "config/windowd.toml:3: daemon.max_windows must be greater than 0, not 0"
            ),
            Message(
                "a message limit too small",
                "[groups.main]\n[daemon]\nmax_message_bytes = 100\n",
                "config/windowd.toml:3: daemon.max_message_bytes must be at least 1024 so that requests fit, not 100"
            ),
            Message(
                "a negative loading time",
                "[groups.main]\n[app]\nminimum_loading_ms = -1\n",
                "config/windowd.toml:3: app.minimum_loading_ms must not be negative, not -1"
            ),
            Message(
                "a negative settle time",
                "[groups.main]\n[app]\nphase_settle_ms = -5\n",
                "config/windowd.toml:3: app.phase_settle_ms must not be negative, not -5"
            ),
            Message(
                "a settle time over a minute",
                "[groups.main]\n[app]\nphase_settle_ms = 90000\n",
                "config/windowd.toml:3: app.phase_settle_ms must be at most 60000 (a minute), not 90000"
            ),
            Message(
                "a negative soft-limit time",
                "[groups.main]\n[daemon]\noutbound_soft_seconds = -1\n",
                "config/windowd.toml:3: daemon.outbound_soft_seconds must be 0 or more, not -1"
            ),
            Message(
                "a hard limit of zero",
                "[groups.main]\n[daemon]\noutbound_hard_bytes = 0\n",
                "config/windowd.toml:3: daemon.outbound_hard_bytes must be greater than 0, not 0"
            ),
            Message(
                "a launch timeout of zero",
                "[groups.main]\n[app]\nlaunch_timeout_ms = 0\n",
                "config/windowd.toml:3: app.launch_timeout_ms must be at least 1, not 0"
            ),
            Message(
                "a launch timeout over an hour",
                "[groups.main]\n[app]\nlaunch_timeout_ms = 3600001\n",
                "config/windowd.toml:3: app.launch_timeout_ms must be at most 3600000 (an hour), not 3600001"
            ),
            Message(
                "a settle time in seconds",
                "[groups.main]\n[app]\nphase_settle_ms = 0.15\n",
                "config/windowd.toml:3: app.phase_settle_ms must be an integer number of milliseconds, found a float (0.15)"
            ),
            Message(
                "an empty run program",
                "[groups.file]\nrun = [\"\", \"{value}\"]\n",
                "config/windowd.toml:2: groups.file.run must start with the program to run; its first element is empty"
            ),
            Message(
                "run and command together",
                "[groups.file]\ncommand = [\"orders\", \"{value}\"]\nrun = [\"vim\", \"{value}\"]\n",
                "config/windowd.toml:3: groups.file.run cannot be set together with groups.file.command: run = [...] starts the program "
                    + "under winctl run, command = [...] starts a presenter of its own; keep one of them"
            ),
            Message(
                "no group",
                "[daemon]\n",
                "config/windowd.toml: groups: no window group is declared; add at least one [groups.NAME] table, e.g. [groups.main]"
            ),
            Message(
                "a syntax error in a value",
                "[daemon]\nmax_clients = = 3\n",
                "config/windowd.toml:2:15: not valid TOML (in daemon.max_clients): Error while parsing value: could not determine value type"
            ),
            Message(
                "a bare word for a string",
                "[groups.detail]\nvalue = int\n",
                // toml++ reads `int` as a misspelt `inf`, and stands after it.
                "config/windowd.toml:2:11: not valid TOML (in groups.detail.value): Error while parsing floating-point: expected 'inf', saw 'int'"
            ),
            Message(
                "a key defined twice",
                "[groups.main]\nvalue = \"none\"\nvalue = \"int\"\n",
                // toml++ stands after the key, and does not say where it was first defined.
                "config/windowd.toml:3:9: not valid TOML (in groups.main.value): Error while parsing key-value pair: cannot redefine existing string 'value'"
            ),
            Message(
                "[[[ nonsense",
                "[[[ nonsense",
                "config/windowd.toml:1:3: not valid TOML: expected a table name after '[[', found '['"
            ),
            Message(
                "[&",
                "[&",
                "config/windowd.toml:1:2: not valid TOML: expected a table name after '[', found '&'"
            ),
        ]
    )
    func messages(_ example: Message) {
        do {
            let config = try ConfigLoader.parse(example.text, file: "config/windowd.toml")
            Issue.record("accepted: \(config)")
        } catch {
            #expect(error.description == example.expected)
        }
    }

    @Test("bytes that are not UTF-8 are a located error, not a crash")
    func notUTF8() {
        do {
            _ = try ConfigLoader.parse(bytes: [0x00, 0xFF, 0xFE], file: "t.toml")
            Issue.record("accepted")
        } catch {
            #expect(
                error.description
                    == "t.toml:1:2: not valid TOML: the file is not UTF-8 text (byte 0xFF); TOML must be UTF-8"
            )
            #expect(error.line == 1 && error.column == 2)
        }
    }

    @Test(
        "a file is read as bytes: non-UTF-8 content, a directory, a FIFO, a device and a missing file are clean errors"
    )
    func files() throws {
        var template = Array("/tmp/wcl-XXXXXX".utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer {
            for name in ["bytes.toml", "fifo"] { unlink(directory + "/" + name) }
            rmdir(directory)
        }
        let bytesPath = directory + "/bytes.toml"
        let fd = open(bytesPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = [UInt8]([0x5B, 0x61, 0x5D, 0x0A, 0xFF]).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        #expect(mkfifo(directory + "/fifo", 0o600) == 0)

        let cases: [(String, String)] = [
            (bytesPath, bytesPath + ":2:1: not valid TOML: the file is not UTF-8 text (byte 0xFF)"),
            (directory, directory + ": cannot read the file (it is not a regular file)"),
            (directory + "/fifo", directory + "/fifo: cannot read the file (it is not a regular file)"),
            ("/dev/zero", "/dev/zero: cannot read the file (it is not a regular file)"),
            (
                directory + "/missing.toml",
                directory
                    + "/missing.toml: cannot read the file (No such file or directory); check the path given to --config"
            ),
        ]
        for (path, expected) in cases {
            do {
                _ = try ConfigLoader.load(path: path)
                Issue.record("\(path) was accepted")
            } catch {
                #expect(error.description.hasPrefix(expected), "\(error)")
            }
        }
    }

    @Test("groups become the core's window groups")
    func groups() throws {
        let config = try ConfigLoader.parse(
            """
            [groups.orders]
            value = "uuid"
            requires_auth = true
            restore = false
            launch = ["tmux", "new-window", "winctl", "attach", "{id}"]

            [groups.detail]
            value = "int"
            command = ["orders", "detail", "{value}"]
            """,
            file: "t.toml"
        )
        #expect(
            config.windowGroups == [
                WindowGroup(id: "detail", valueType: .int, command: ["orders", "detail", "{value}"]),
                WindowGroup(
                    id: "orders",
                    valueType: .uuid,
                    launch: ["tmux", "new-window", "winctl", "attach", "{id}"],
                    restore: false,
                    requiresAuth: true
                ),
            ]
        )
    }

    @Test("hosts names the hosts a group admits; unset, any host; not strings, refused with the key")
    func hosts() throws {
        let config = try ConfigLoader.parse(
            """
            [groups.local]
            value = "path"
            hosts = ["local"]

            [groups.any]
            value = "path"
            """,
            file: "t.toml"
        )
        #expect(config.windowGroups.map(\.hosts) == [nil, ["local"]])
        #expect(throws: ConfigError.self) { try ConfigLoader.parse("[groups.g]\nhosts = \"local\"", file: "t.toml") }
        do {
            _ = try ConfigLoader.parse("[groups.g]\nhosts = [1]", file: "t.toml")
        } catch {
            #expect(error.description.contains("hosts"), "\(error)")
        }
    }

    @Test("a group with run and value path: presented by winctl run of its program; an empty command beside it is none")
    func runGroup() throws {
        let config = try ConfigLoader.parse(
            """
            [groups.file]
            value = "path"
            run = ["vim", "{value}"]
            command = []
            """,
            file: "t.toml"
        )
        #expect(config.groups["file"] == DaemonConfig.GroupSection(value: .path, run: ["vim", "{value}"]))
        let group = try #require(config.windowGroups.first)
        #expect(group.run == ["vim", "{value}"])
        #expect(group.command == [WinctlProgram.path, "run", "file", "--value={value}", "--", "vim", "{value}"])
    }

    @Test(
        "wraps names a command and options_with_argument its options that take one; options alone, or a name no shell function takes, is refused naming the key"
    )
    func wraps() throws {
        let config = try ConfigLoader.parse(
            """
            [groups.file]
            value = "path"
            wraps = "vim"
            options_with_argument = ["-c", "--cmd"]
            """,
            file: "t.toml"
        )
        let wrapping = DaemonGroups.Wrapping(command: "vim", optionsWithArgument: ["-c", "--cmd"])
        #expect(config.windowGroups.first?.wraps == wrapping)
        for (text, key) in [
            ("options_with_argument = [\"-c\"]", "options_with_argument"), ("wraps = \"v;rm\"", "wraps"),
            ("wraps = \"-v\"", "wraps"),
        ] {
            #expect {
                try ConfigLoader.parse("[groups.file]\nvalue = \"path\"\n" + text, file: "t.toml")
            } throws: { "\($0)".contains(key) }
        }
    }

    @Test(
        "requests maps argument patterns to keys of a run group; a bad pattern, an unknown key name, a placeholder the pattern lacks, or no run is refused naming the entry"
    )
    func requests() throws {
        let head = "[groups.file]\nvalue = \"path\"\n"
        let config = try ConfigLoader.parse(
            head + #"run = ["vim", "{value}"]"# + "\n"
                + #"requests = { "+{n}" = "<Esc>:{n}<CR>", "+/{}" = "/{}<CR>" }"#,
            file: "t.toml"
        )
        #expect(config.windowGroups.first?.requests == ["+{n}": "<Esc>:{n}<CR>", "+/{}": "/{}<CR>"])
        for (text, message) in [
            (#"requests = { "+{n}{n}" = "x" }"#, "at most one"), (#"requests = { "+{n}" = "<F1>" }"#, "names no key"),
            (#"requests = { "+{n}" = "/{}" }"#, "uses {}"), (#"requests = { "+{n}" = 1 }"#, "must be a string"),
        ] {
            #expect {
                try ConfigLoader.parse(head + "run = [\"vim\"]\n" + text, file: "t.toml")
            } throws: { "\($0)".contains("requests.") && "\($0)".contains(message) }
        }
        #expect {
            try ConfigLoader.parse(head + #"requests = { "+{n}" = "x" }"#, file: "t.toml")
        } throws: { "\($0)".contains("goes with run") }
    }

    @Test(
        "quit_keys names the keys that ask a run group's program to quit, quit_wait_ms how long close waits (3 s unless given); without run, unknown keys or a wait alone are refused"
    )
    func quitKeys() throws {
        let head = "[groups.file]\nvalue = \"path\"\n"
        let run = "run = [\"vim\"]\n"
        let config = try ConfigLoader.parse(head + run + #"quit_keys = "<Esc>:qa<CR>""#, file: "t.toml")
        #expect(config.windowGroups.first?.quit == DaemonGroups.Quitting(keys: "<Esc>:qa<CR>", waitMs: 3_000))
        let waited = try ConfigLoader.parse(head + run + "quit_keys = \"q\"\nquit_wait_ms = 500", file: "t.toml")
        #expect(waited.windowGroups.first?.quit?.waitMs == 500)
        for (text, message) in [
            (#"quit_keys = "q""#, "goes with run"), (run + #"quit_keys = "<F9>""#, "names no key"),
            (run + "quit_wait_ms = 10", "goes with quit_keys"), (run + "quit_keys = \"q\"\nquit_wait_ms = 0", "from 1"),
        ] {
            #expect {
                try ConfigLoader.parse(head + text, file: "t.toml")
            } throws: { "\($0)".contains("groups.file.quit_") && "\($0)".contains(message) }
        }
    }

    @Test("the winctl of a run group is the one beside windowd, else winctl on the PATH")
    func winctlBesideWindowd() throws {
        var template = Array("/tmp/winctl-beside-XXXXXX".utf8CString)
        let directory = String(cString: try #require(mkdtemp(&template)))
        defer {
            unlink(directory + "/winctl")
            rmdir(directory)
        }
        #expect(WinctlProgram.beside(executable: directory + "/windowd") == nil, "no winctl there yet")
        let fd = creat(directory + "/winctl", 0o755)
        close(fd)
        #expect(WinctlProgram.beside(executable: directory + "/windowd") == directory + "/winctl")
        #expect(WinctlProgram.beside(executable: nil) == nil)
    }

    @Test("the config is found in the documented order")
    func locate() {
        #expect(ConfigSource.locate(explicit: "/x.toml", environment: [:], uid: 1000) == .file("/x.toml"))
        #expect(ConfigSource.locate(explicit: nil, environment: ["HOME": "/nonexistent"], uid: 1000) == .embedded)
        #expect(
            ConfigSource.locate(
                explicit: nil,
                environment: ["CONFIGURATION_DIRECTORY": Self.repositoryRoot + "/config"],
                uid: 1000
            )
                == .file(Self.repositoryRoot + "/config/windowd.toml")
        )
    }
}
