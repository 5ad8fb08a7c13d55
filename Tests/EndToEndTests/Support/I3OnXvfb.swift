#if canImport(Glibc)
import Glibc
#endif
import WindowPlaces
import WindowProtocol

/// i3 on a headless X server of its own, its IPC socket in `directory`; observed through i3's
/// own interface (`GET_TREE`). Released, both are stopped.
final class I3OnXvfb {
    let socket: String
    let xvfb: XvfbServer
    private let directory: TemporaryDirectory
    private let i3: SpawnedProcess

    static var isAvailable: Bool { XvfbServer.installed(["Xvfb", "i3", "xterm"]) }

    init(directory: TemporaryDirectory) throws {
        self.directory = directory
        xvfb = try XvfbServer(directory: directory)
        socket = directory.file("i3.sock")
        // The first line keeps i3 from "migrating" the file (and starting i3bar).
        let config = try directory.write("# i3 config file (v4)\nipc-socket \(socket)\nfocus_follows_mouse no\n", to: "i3.config")
        i3 = try SpawnedProcess("/usr/bin/env", ["i3", "-c", config], environment: XvfbServer.environment(["DISPLAY": xvfb.display]),
                                stdout: .file(directory.file("i3.log")), stderr: .file(directory.file("i3.log")))
        try waitUntil("i3 to answer on \(socket)", timeout: .seconds(15)) {
            (try? I3IPC.command("nop", socket: self.socket, timeout: .seconds(2))) != nil
        }
    }

    deinit { i3.terminate(grace: .seconds(2)) }

    /// Starts an xterm titled `title` running `argv`, through i3's `exec` (so that it sees
    /// `$I3SOCK`), from a script file: i3's parser would split a command line at `;` and `,`.
    func xterm(_ title: String, running argv: [String]) throws {
        let script = try directory.write("#!/bin/sh\nexec " + argv.map { "'\($0)'" }.joined(separator: " ") + "\n", to: title + ".sh")
        guard chmod(script, 0o755) == 0 else { throw TestFailure.system("chmod \(script)") }
        _ = try I3IPC.command("exec xterm -T \(title) -e \(script)", socket: socket, timeout: .seconds(5))
    }

    /// The X11 window id of the focused window in i3's tree.
    func focusedWindow() throws -> Int64? {
        let tree = try JSONParser.parse(try I3IPC.request(type: I3MessageType.getTree, payload: "", socket: socket, timeout: .seconds(5)))
        return Self.focused(in: tree)
    }

    private static func focused(in node: JSONValue) -> Int64? {
        if node["focused"]?.bool == true, let window = node["window"]?.int { return window }
        for key in ["nodes", "floating_nodes"] {
            for child in node[key]?.array ?? [] {
                if let found = focused(in: child) { return found }
            }
        }
        return nil
    }
}
