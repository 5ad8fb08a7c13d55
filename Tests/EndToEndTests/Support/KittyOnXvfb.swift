#if canImport(Glibc)
import Glibc
#endif
import Foundation
import WindowProtocol

/// kitty under a headless X server of its own (`Xvfb :N`), listening for remote control on a
/// socket in `directory`: the real graphical terminal of SPEC section 13's tests. Observed
/// through kitty's own interface (`kitty @ ls`). Released, both are stopped.
final class KittyOnXvfb {
    /// `:N`.
    let display: String
    /// `unix:PATH`, as kitty's children see it in `$KITTY_LISTEN_ON`.
    let listenOn: String
    private let xvfb: XvfbServer
    private let kitty: SpawnedProcess

    /// Whether Xvfb and kitty are installed.
    static var isAvailable: Bool { XvfbServer.installed(["Xvfb", "kitty"]) }

    /// Starts Xvfb on a free display and kitty on it, its first window running `command`.
    init(directory: TemporaryDirectory, command: [String]) throws {
        xvfb = try XvfbServer(directory: directory)
        display = xvfb.display
        listenOn = "unix:" + directory.file("kitty.sock")
        kitty = try SpawnedProcess(
            "/usr/bin/env", ["kitty", "--config", "NONE", "-o", "allow_remote_control=yes", "-o", "enable_audio_bell=no", "--listen-on", listenOn] + command,
            environment: Self.environment(["DISPLAY": display, "LIBGL_ALWAYS_SOFTWARE": "1"]),
            stdout: .file(directory.file("kitty.log")), stderr: .file(directory.file("kitty.log")))
        try waitUntil("kitty to answer on \(listenOn)", timeout: .seconds(30)) { (try? self.windows())?.isEmpty == false }
    }

    deinit {
        kitty.terminate(grace: .seconds(2))
    }

    static func environment(_ extra: [String: String]) -> [String: String] { XvfbServer.environment(extra) }

    /// `kitty @ --to LISTEN_ON ARGUMENTS`, its output.
    @discardableResult
    func remote(_ arguments: [String]) throws -> String {
        let output = try SocketPair()
        let process: SpawnedProcess
        do {
            defer { close(output.theirs) }
            process = try SpawnedProcess("/usr/bin/env", ["kitty", "@", "--to", listenOn] + arguments,
                                         environment: Self.environment(["DISPLAY": display]), stdout: .descriptor(output.theirs))
        }
        defer { close(output.ours) }
        let bytes = try LineReader(fileDescriptor: output.ours).drainToEnd(timeout: .seconds(30), what: "kitty @ \(arguments.joined(separator: " "))")
        guard try process.wait(timeout: .seconds(30)) == .exited(0) else { throw TestFailure("kitty @ \(arguments.joined(separator: " ")) failed") }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every kitty window (`kitty @ ls`): its id and whether it has the focus.
    func windows() throws -> [(id: Int64, focused: Bool)] {
        var windows: [(Int64, Bool)] = []
        for osWindow in try JSONValue.parse(try remote(["ls"])).array ?? [] {
            for tab in osWindow["tabs"]?.array ?? [] {
                for window in tab["windows"]?.array ?? [] {
                    if let id = window["id"]?.int, let focused = window["is_focused"]?.bool { windows.append((id, focused)) }
                }
            }
        }
        return windows
    }

    /// The id of the kitty window that has the focus.
    func focusedWindow() throws -> Int64? {
        try windows().first { $0.focused }?.id
    }
}
