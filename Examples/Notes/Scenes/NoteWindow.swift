import Foundation
import WindowKit

/// A `note` window: one file, scrolled to where it was, like `@SceneStorage("scroll") var
/// scroll = 0` (back after windowd restarts and when the note is opened again); read again
/// every second while `active`, so that an edit elsewhere shows.
final class NoteWindow: NoteScene {
    private let scene: WindowScene
    private let terminal: SceneTerminal
    private let path: String
    private let scroll: SceneStorage<Int>
    private var lines: [String] = []
    private var highlighted = false

    /// The note on `scene`, whose value is the file; `nil` if signals cannot be caught.
    init?(scene: WindowScene) {
        guard let terminal = SceneTerminal(scene: scene) else { return nil }
        self.scene = scene
        self.terminal = terminal
        path = WindowValue(scene.window.value).description
        scroll = scene.storage("scroll", default: 0)
    }

    func run() async -> Int32 {
        read()
        return await NoteScreen.run(terminal, ticks: true, react: react, draw: draw)
    }

    /// The rows of text the screen shows.
    private var room: Int { max(1, terminal.size.rows - 2) }

    private func react(_ event: SceneEvent) async -> Int32? {
        let last = max(0, lines.count - room)
        if case .key = event { highlighted = false }
        switch event {
        case .key(.up), .key(.character("k")): scroll.value = max(0, min(last, scroll.value) - 1)
        case .key(.down), .key(.character("j")): scroll.value = min(last, scroll.value + 1)
        case .key(.pageUp): scroll.value = max(0, scroll.value - room)
        case .key(.pageDown), .key(.character(" ")): scroll.value = min(last, scroll.value + room)
        case .key(.home): scroll.value = 0
        case .key(.end): scroll.value = last
        case .key(.character("q")), .key(.control("c")):
            // The window stays, detached: opened again, it comes back at this scroll position.
            return 0
        case .key(.character("x")):
            // Closing the window forgets its scene storage, as SwiftUI's dismissWindow does.
            _ = try? await scene.app.dismissWindow(id: scene.id)
            return 0
        case .focus: highlighted = true
        case .request(let request):
            // `notes open FILE +N`, here or in the terminal that opened it again: SwiftUI's onOpenURL.
            if let line = request.last(where: { $0.hasPrefix("+") }).flatMap({ Int($0.dropFirst()) }) {
                scroll.value = max(0, min(last, line - 1))
            }
        case .tick where scene.phase == .active: read()
        default: break
        }
        return nil
    }

    private func read() {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "(\(path) cannot be read)"
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func draw() {
        let first = min(scroll.value, max(0, lines.count - 1))
        let body = lines.dropFirst(first).prefix(room).map { ScreenLine(" " + $0) }
        let where_ = "lines \(first + 1)–\(min(lines.count, first + room)) of \(lines.count)"
        let status = highlighted ? ">> brought to front <<" : "↑↓ PgUp PgDn scroll · q leave · x close · \(where_)"
        let name = (path as NSString).lastPathComponent
        terminal.draw(NoteScreen.lines(terminal, title: " notes · \(name)", body: body, status: status))
    }
}
