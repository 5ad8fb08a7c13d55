import Foundation
import WindowKit

/// The `list` window of a directory: its notes, the selected one kept like
/// `@SceneStorage("selection") var selection = 0`; Enter opens the note's window through
/// `openWindow` (a new terminal window where this one is, or the open one brought to front).
final class ListWindow: NoteScene {
    private let scene: WindowScene
    private let terminal: SceneTerminal
    private let directory: String
    private let selection: SceneStorage<Int>
    private var files: [String] = []
    private var message = ""

    /// The list on `scene`, whose value is the directory; `nil` if signals cannot be caught.
    init?(scene: WindowScene) {
        guard let terminal = SceneTerminal(scene: scene) else { return nil }
        self.scene = scene
        self.terminal = terminal
        directory = WindowValue(scene.window.value).description
        selection = scene.storage("selection", default: 0)
    }

    func run() async -> Int32 {
        files = Self.notes(in: directory)
        return await NoteScreen.run(terminal, ticks: false, react: react, draw: draw)
    }

    private func react(_ event: SceneEvent) async -> Int32? {
        let last = max(0, files.count - 1)
        switch event {
        case .key(.up), .key(.character("k")): selection.value = max(0, selection.value - 1)
        case .key(.down), .key(.character("j")): selection.value = min(last, selection.value + 1)
        case .key(.home): selection.value = 0
        case .key(.end): selection.value = last
        case .key(.character("r")): files = Self.notes(in: directory)
        case .key(.enter): await open()
        case .key(.character("q")), .key(.control("c")): return 0
        default: break
        }
        return nil
    }

    /// `openWindow(group: "note", value: path)`: a new window, or the open one to front.
    private func open() async {
        guard !files.isEmpty else { return }
        let name = files[min(selection.value, files.count - 1)]
        do {
            let opened = try await scene.app.openWindow(group: "note", value: .path(name, relativeTo: directory))
            message = opened.broughtToFront ? "\(name) is open already: brought it to front." : "Opened \(name)."
        } catch {
            message = "Cannot open \(name): \(error)"
        }
    }

    private func draw() {
        let open = Set(
            scene.app.windows.filter { $0.group == "note" && $0.attached }.map { WindowValue($0.value).description }
        )
        var body: [ScreenLine] = [.blank]
        if files.isEmpty { body.append(ScreenLine("   No notes in \(directory).")) }
        for (index, name) in files.enumerated() {
            let marker = index == selection.value ? " > " : "   "
            let shown = open.contains(directory + "/" + name) ? "  [open]" : ""
            body.append(ScreenLine(marker + name + shown, style: index == selection.value ? .bold : .plain))
        }
        body += [.blank, ScreenLine("   " + message)]
        terminal.draw(
            NoteScreen.lines(
                terminal,
                title: " notes · \(directory)",
                body: body,
                status: "↑↓ select · Enter open · r reload · q quit"
            )
        )
    }

    /// The names of the regular files in `directory` that are not hidden, sorted.
    static func notes(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return !name.hasPrefix(".")
                && FileManager.default.fileExists(atPath: directory + "/" + name, isDirectory: &isDirectory)
                && !isDirectory.boolValue
        }.sorted()
    }
}
