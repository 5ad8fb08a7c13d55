import Foundation
import WindowKit

/// A window of the app: its terminal side runs until the window should go.
protocol NoteScene {
    /// Runs the window; returns the exit status.
    func run() async -> Int32
}

/// The title and status bars around a window's lines, and how the window ends.
enum NoteScreen {
    /// `body` between an inverse title bar (`title`, then this window's phase on the right) and
    /// an inverse status bar, on the terminal's whole screen.
    static func lines(_ terminal: SceneTerminal, title: String, body: [ScreenLine], status: String) -> [ScreenLine] {
        let size = terminal.size
        let right = "\(terminal.scene.phase.rawValue) "
        let gap = max(1, size.columns - title.count - right.count)
        var lines = [ScreenLine(title + String(repeating: " ", count: gap) + right, style: .inverse)]
        lines += body.prefix(max(0, size.rows - 2))
        while lines.count < size.rows - 1 { lines.append(.blank) }
        lines.append(ScreenLine(" " + status, style: .inverse))
        return lines
    }

    /// Runs `terminal` until `react` returns a status: a hang-up, a signal or a dismissal ends
    /// the window; every other event is followed by `draw`. Returns 64 when standard input is
    /// no terminal.
    static func run(
        _ terminal: SceneTerminal,
        ticks: Bool,
        react: (SceneEvent) async -> Int32?,
        draw: () -> Void
    ) async -> Int32 {
        var status: Int32?
        do {
            status = try await terminal.run(tick: ticks ? .seconds(1) : nil) { event -> Int32? in
                switch event {
                case .hangUp, .signal, .dismissed: return 0
                case .connection(.closed): return 69
                default:
                    if let status = await react(event) { return status }
                    draw()
                    return nil
                }
            }
        } catch {
            FileHandle.standardError.write(Data("notes: standard input is not a terminal\n".utf8))
            status = 64
        }
        await terminal.scene.close()
        return status ?? 0
    }
}
