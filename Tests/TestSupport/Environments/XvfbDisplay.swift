import WindowClient

#if canImport(Glibc)
import Glibc
#endif

/// A headless X server (Xvfb) on a display number it picks itself (`-displayfd`), ready when
/// the initializer returns.
package final class XvfbDisplay: @unchecked Sendable {
    /// `:N`.
    package let display: String
    package let directory: TemporaryDirectory
    private let server: BackgroundProcess

    package init() throws {
        directory = try TemporaryDirectory("xvfb")
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw TestFailure("pipe failed") }
        defer { close(pipe[0]) }
        // Xvfb writes the display number to fd 3 once it accepts connections.
        server = try BackgroundProcess(
            ["Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
            environment: TestEnvironment.base(),
            log: directory.file("xvfb.log"),
            passing: pipe[1]
        )
        close(pipe[1])
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(pipe[0], &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        guard let number = Int(String(decoding: bytes, as: UTF8.self)) else {
            server.stop()
            throw TestFailure("Xvfb did not start: \(directory.read("xvfb.log"))")
        }
        display = ":\(number)"
    }

    /// `xdotool ARGS` on this display, its output trimmed.
    package func xdotool(_ arguments: [String]) -> String? {
        TestEnvironment.output(["xdotool"] + arguments, ["DISPLAY": display]).map {
            String($0.split(separator: "\n").first ?? "")
        }
    }

    /// The window that has the input focus (`xdotool getwindowfocus`), in decimal.
    package func focusedWindow() -> String? { xdotool(["getwindowfocus"]) }

    deinit { server.stop() }
}
