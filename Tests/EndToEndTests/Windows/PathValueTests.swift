import Foundation
import POSIXSupport
import Synchronization
import TestSupport
import Testing
import WindowProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Files as window values, and groups that run any program (windowd.toml(5), "path" and "run").
@Suite("Files as values and run groups", .timeLimit(.minutes(1)))
struct PathValueTests {
    static let config = TestConfig.text(
        extra: """

            [groups.doc]
            value = "path"

            [groups.file]
            value = "path"
            run = ["vim", "{value}"]

            [groups.shell]
            value = "path"
            wraps = "sh"
            options_with_argument = ["-c"]
            """
    )

    /// `directory`'s path as the file system names it (the temporary directory may be a link).
    static func real(_ directory: TemporaryDirectory) throws -> String {
        try #require(NormalPath.realPath(directory.path))
    }

    /// `winctl ARGUMENTS` run in `directory`, as a user there would.
    static func winctl(_ arguments: [String], in directory: String, socket: String) throws -> Winctl.Run {
        try Winctl.run(arguments, socket: socket, json: true, wrapper: ["/usr/bin/env", "-C", directory])
    }

    @Test(
        "notes.md from its directory and ./real/./notes.md, or a link to it, from elsewhere are one window with the file's real path"
    )
    func twoDirectoriesOneWindow() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let files = try TemporaryDirectory()
        let root = try Self.real(files)
        #expect(mkdir(root + "/real", 0o700) == 0)
        _ = try files.write("notes\n", to: "real/notes.md")
        #expect(symlink(root + "/real", root + "/link") == 0)

        let first = try Self.winctl(["open", "doc", "notes.md"], in: root + "/real", socket: daemon.socketPath)
        let second = try Self.winctl(["open", "doc", "./real/./notes.md"], in: root, socket: daemon.socketPath)
        let third = try Self.winctl(["open", "doc", "link/notes.md"], in: root, socket: daemon.socketPath)
        #expect(first.status == 0, "\(first)")
        #expect(try first.json()["created"]?.bool == true)
        #expect(try first.json()["window"]?["value"]?.string == root + "/real/notes.md")
        for again in [second, third] {
            #expect(again.status == 0, "\(again)")
            #expect(try again.json()["created"]?.bool == false, "\(again)")
            #expect(try again.json()["window"]?["id"] == first.json()["window"]?["id"])
        }
        // A file that does not exist yet is a window too, under its directory's real name.
        let new = try Self.winctl(["open", "doc", "../link/new.md"], in: root + "/real", socket: daemon.socketPath)
        #expect(try new.json()["window"]?["value"]?.string == root + "/real/new.md", "\(new)")
        // A string group's value stays as it was typed.
        let note = try Self.winctl(["open", "notes", "./todo"], in: root, socket: daemon.socketPath)
        #expect(try note.json()["window"]?["value"]?.string == "./todo", "\(note)")
    }

    @Test(
        "winctl open sends one request: the value as typed and, only where it differs, as path, the file made absolute in its directory"
    )
    func openIsOneRequest() throws {
        let directory = try TemporaryDirectory()
        let root = try Self.real(directory)
        let sent = SentRequests()
        let played = try PlayedDaemon(path: directory.file("d.sock")) { method, params in
            sent.list.withLock { $0.append((method, params)) }
            guard method == "window.open" else { return #""error":{"code":-32601,"message":"not played"}"# }
            return
                #""result":{"window":{"id":"0123456789abcdef0123456789abcdef","group":"doc","value":"\#(root)/notes.md","presented":true,"phase":"active","createdAt":"2026-01-01T00:00:00Z"},"created":false,"outcome":"focused"}"#
        }
        let open = try Self.winctl(["open", "doc", "./notes.md"], in: root, socket: played.path)
        #expect(open.status == 0, "\(open)")
        let requests = sent.list.withLock { $0 }
        #expect(requests.map(\.method) == ["window.open"], "\(requests.map(\.method))")
        #expect(requests.first?.params?["value"]?.string == "./notes.md")
        #expect(requests.first?.params?["path"]?.string == root + "/notes.md")
        // An absolute, normal file and a text longer than any file name go once, as the value.
        let long = String(repeating: "x", count: 40_000)
        for value in [root + "/notes.md", long] {
            let again = try Self.winctl(["open", "doc", value], in: root, socket: played.path)
            #expect(again.status == 0, "\(again)")
            let last = sent.list.withLock { $0.last }
            #expect(last?.params?["value"]?.string == value && last?.params?["path"] == nil)
        }
    }

    @Test("a value of 40,000 bytes opens: under the 64 KiB message limit, it is sent once")
    func longValueOpens() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let value = String(repeating: "x", count: 40_000)
        let open = try Winctl.run(["open", "notes", value], socket: daemon.socketPath, json: true)
        #expect(open.status == 0, "\(open.stderr)")
        #expect(try open.json()["window"]?["value"]?.string == value)
    }

    @Test(
        "window.open of a path group takes path, the client's absolute form, instead of a relative value; other groups keep the value"
    )
    func pathBesideValue() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let client = try daemon.client()
        let opened = try client.call("window.open", #"{"group":"doc","value":"notes.md","path":"/srv/a/notes.md"}"#)
        #expect(opened["window"]?["value"]?.string == "/srv/a/notes.md", "\(opened)")
        let again = try client.call("window.open", #"{"group":"doc","value":"/srv/a/./notes.md"}"#)
        #expect(again["window"]?["id"] == opened["window"]?["id"])
        let note = try client.call("window.open", #"{"group":"notes","value":"./todo","path":"/srv/a/todo"}"#)
        #expect(note["window"]?["value"]?.string == "./todo", "\(note)")
    }

    @Test(
        "file names that are not UTF-8 are refused naming the file, never folded into one window; winctl run then runs its program without a window, given the name byte for byte; an empty path is refused"
    )
    func namesThatAreNotText() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let files = try TemporaryDirectory()
        for byte in [UInt8(0xff), 0xfe] {
            let name = Array((files.path + "/").utf8) + [byte] + Array("name".utf8) + [0]
            let fd = name.withUnsafeBufferPointer {
                $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o600) }
            }
            #expect(fd >= 0)
            close(fd)
        }
        // Swift strings hold only text: the shell gives winctl the bytes, as a user's would.
        func typed(_ tail: String) -> [String] {
            ["/bin/sh", "-c", "cd '\(files.path)' && exec \"$@\" " + tail, "sh"]
        }
        for (octal, shown) in [("377", "\\xff"), ("376", "\\xfe")] {
            let open = try Winctl.run(
                ["open", "doc"],
                socket: daemon.socketPath,
                wrapper: typed("\"./$(printf '\\\(octal)name')\"")
            )
            #expect(open.status == 64, "\(open)")
            #expect(open.stderr.hasPrefix("winctl: ./\(shown)name is not UTF-8"), "\(open)")
        }
        let empty = try Winctl.run(["open", "doc", ""], socket: daemon.socketPath)
        #expect(empty.status == 1 && empty.stderr.contains("empty path"), "\(empty)")
        let list = try Winctl.run(["list"], socket: daemon.socketPath)
        #expect(list.status == 0 && !list.stdout.contains("doc"), "\(list)")

        let run = try Winctl.run(
            ["run", "file"],
            socket: daemon.socketPath,
            wrapper: typed(
                #""./$(printf '\376name')" -- /bin/sh -c 'test -e "$1" && echo found' sh "./$(printf '\376name')""#
            )
        )
        #expect(run.status == 0 && run.stdout == "found\n", "\(run)")
        #expect(
            run.stderr == "winctl: ./\\xfename is not UTF-8, which windowd takes: running /bin/sh without a window\n",
            "\(run)"
        )
    }

    @Test(
        "winctl wrap runs the command as the window of the file among its arguments, made absolute; with none, the command as it is, saying nothing"
    )
    func wrap() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let files = try TemporaryDirectory()
        let root = try Self.real(files)
        // -c takes an argument (the script): the file is sh's $0.
        let script = #"echo "$WINDOWD_VALUE""#
        let found = try Self.winctl(
            ["wrap", "shell", "--", "/bin/sh", "-c", script, "notes.md"],
            in: root,
            socket: daemon.socketPath
        )
        #expect(found.status == 0 && found.stdout == root + "/notes.md\n", "\(found)")
        let alone = try Self.winctl(
            ["wrap", "shell", "--", "/bin/sh", "-c", "echo alone"],
            in: root,
            socket: daemon.socketPath
        )
        #expect(alone.status == 0 && alone.stdout == "alone\n" && alone.stderr.isEmpty, "\(alone)")
    }

    @Test("winctl attach GROUP VALUE of a path group presents the window of the file's whole path")
    func attachByValue() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let files = try TemporaryDirectory()
        let root = try Self.real(files)
        // winctl in `root`, as a user who typed the command there.
        let here = try files.write("#!/bin/sh\ncd '\(root)' && exec '\(Binaries.winctl)' \"$@\"\n", to: "winctl-here")
        #expect(chmod(here, 0o755) == 0)
        let opened = try Self.winctl(["open", "doc", "draft.md"], in: root, socket: daemon.socketPath)
        let attach = try WinctlSession(
            ["attach", "--no-tty", "doc", "./draft.md"],
            socket: daemon.socketPath,
            json: true,
            stderr: daemon.directory.file("attach.err"),
            executable: here,
            stdin: .null
        )
        defer { attach.stop() }
        let first = try attach.readJSON()
        #expect(
            first["window"]?["value"]?.string == root + "/draft.md",
            "\(first) \(daemon.directory.read("attach.err"))"
        )
        #expect(first["window"]?["id"] == (try opened.json()["window"]?["id"]), "the window winctl open made")
    }

    @Test("the daemon refuses a relative path of a path group with invalid_value, naming the value and the group")
    func relativeRefused() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let client = try daemon.client()
        let refused = try client.request("window.open", #"{"group":"doc","value":"notes.md"}"#)
        #expect(refused.reason == "invalid_value")
        let message = refused.errorMessage ?? ""
        #expect(
            message.contains("notes.md") && message.contains("'doc'") && message.contains("absolute path"),
            "\(message)"
        )
        for params in [#"{"group":"doc","value":""}"#, #"{"group":"doc","value":"/srv/a","path":""}"#] {
            let empty = try client.request("window.open", params)
            #expect(empty.reason == "invalid_value" && empty.errorMessage?.contains("empty path") == true, "\(empty)")
        }
        let folded = try client.call("window.open", #"{"group":"doc","value":"/srv//notes/./a.md/"}"#)
        #expect(folded["window"]?["value"]?.string == "/srv/notes/a.md")
    }

    @Test("a new window of a run group is presented by winctl run of its program; winctl groups says so")
    func runGroup() throws {
        let daemon = try DaemonProcess.start(config: Self.config)
        defer { daemon.stop() }
        let opened = try daemon.client().call("window.open", #"{"group":"file","value":"/srv/notes.md"}"#)
        let winctl = (Binaries.windowd as NSString).deletingLastPathComponent + "/winctl"
        #expect(
            opened["command"]?.array?.compactMap(\.string) == [
                winctl, "run", "file", "--value=/srv/notes.md", "--", "vim", "/srv/notes.md",
            ]
        )

        let groups = try Winctl.run(["groups"], socket: daemon.socketPath)
        #expect(groups.status == 0, "\(groups)")
        let lines = groups.stdout.split(separator: "\n")
        #expect(lines.first?.hasSuffix("STARTS") == true, "\(groups.stdout)")
        #expect(lines.contains { $0.hasPrefix("file ") && $0.hasSuffix("run: vim {value}") }, "\(groups.stdout)")
        #expect(lines.contains { $0.hasPrefix("doc ") && $0.hasSuffix("-") }, "\(groups.stdout)")
        let json = try Winctl.run(["groups"], socket: daemon.socketPath, json: true).json()
        let file = json["groups"]?.array?.first { $0["id"]?.string == "file" }
        #expect(file?["run"]?.array?.compactMap(\.string) == ["vim", "{value}"])
        #expect(file?["valueType"]?.string == "path")
    }
}

/// The requests a played daemon received, in order, from its connections' threads.
final class SentRequests: Sendable {
    let list = Mutex<[(method: String, params: JSONValue?)]>([])
}

/// The example manifest an editor ships (Examples/editor/editor.toml) is one windowd takes.
@Suite("The editor example's manifest", .timeLimit(.minutes(1)))
struct EditorManifestTests {
    @Test(
        "windowd --app editor --check-config takes Examples/editor/editor.toml: two groups of paths, file and page, and top for htop"
    )
    func checks() throws {
        let directory = try TemporaryDirectory()
        let text = try String(contentsOfFile: Binaries.packageRoot + "/Examples/editor/editor.toml", encoding: .utf8)
        #expect(text.contains(#"value = "path""#) && text.contains(#"run = ["vim", "--", "{value}"]"#))
        try AppInstall.manifest(text, app: "editor", in: directory)
        let checked = try AppInstall.run(
            Binaries.windowd,
            ["--app", "editor", "--check-config"],
            environment: ["XDG_CONFIG_HOME": directory.file("config")],
            in: directory
        )
        #expect(checked.status == 0, "\(checked)")
        #expect((checked.stdout + checked.stderr).contains("window groups: file, page, top)"), "\(checked)")
    }
}
