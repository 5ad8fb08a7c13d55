import WindowClient
package import WindowProtocol

/// kitty on an ``XvfbDisplay``, listening for remote control on a socket in its own directory,
/// its first window running `command`.
package final class KittyInstance: @unchecked Sendable {
    package let directory: TemporaryDirectory
    /// `unix:PATH`, as kitty's children see it in `$KITTY_LISTEN_ON`.
    package let listenOn: String
    private let kitty: BackgroundProcess
    /// kitty's process, as its children see it in `$KITTY_PID`.
    package var pid: Int32 { kitty.pid }

    package init(on x: XvfbDisplay, command: [String]) throws {
        directory = try TemporaryDirectory("kitty")
        listenOn = "unix:" + directory.file("k")
        kitty = try BackgroundProcess(
            [
                "kitty", "--config", "NONE", "-o", "allow_remote_control=yes", "-o", "enable_audio_bell=no",
                "--listen-on", listenOn,
            ] + command,
            environment: TestEnvironment.base(["DISPLAY": x.display, "LIBGL_ALWAYS_SOFTWARE": "1"]),
            log: directory.file("kitty.log")
        )
        guard Poll.until(within: 30, { (try? self.windows()).map { !$0.isEmpty } ?? false }) else {
            throw TestFailure("kitty did not answer on \(listenOn): \(directory.read("kitty.log"))")
        }
    }

    /// One kitty remote control command through our own client (kitty's `kitty @` is a
    /// Python start-up of a second or more on a loaded machine); its `data`.
    package func command(_ name: String, _ payload: [String: JSONValue] = [:]) throws -> JSONValue? {
        try KittyRemoteControl.send(KittyMessage.command(name, payload: payload), to: listenOn, timeout: .seconds(10))
    }

    /// Every kitty window: id, whether it is focused, its child's pid.
    package func windows() throws -> [(id: Int64, focused: Bool, pid: Int32)] {
        guard case .string(let text)? = try command("ls"),
            case .array(let osWindows) = try JSONParser.parse(Array(text.utf8))
        else { return [] }
        var windows: [(Int64, Bool, Int32)] = []
        for case .object(let osWindow) in osWindows {
            guard case .array(let tabs)? = osWindow["tabs"] else { continue }
            for case .object(let tab) in tabs {
                guard case .array(let list)? = tab["windows"] else { continue }
                for case .object(let window) in list {
                    guard case .int(let id)? = window["id"], case .bool(let focused)? = window["is_focused"],
                        case .int(let pid)? = window["pid"]
                    else { continue }
                    windows.append((id, focused, Int32(pid)))
                }
            }
        }
        return windows
    }

    /// What kitty window `id` shows on its screen, as text; `nil` if kitty does not answer.
    package func text(of id: Int64) -> String? {
        guard case .string(let text)? = try? command("get-text", ["match": .string("id:\(id)")]) else { return nil }
        return text
    }

    /// The focused window's id.
    package func focusedWindow() -> Int64? {
        (try? windows())?.first { $0.focused }?.id
    }

    deinit { kitty.stop() }
}
