import ArgumentParser
import Foundation
import WindowKit

/// `notes`: the notes of a directory, each in a window of its own, on WindowKit and
/// WindowKit's terminal side only (no key decoding or screen code of its own).
///
/// ```sh
/// notes                  # the list of this directory's notes (the `list` window of its path)
/// notes open todo.md     # one note (what the `note` group's command runs)
/// ```
@main
struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "Read a directory's notes in windowd windows: a list, and a window per note.",
        subcommands: [ListCommand.self, OpenCommand.self],
        defaultSubcommand: ListCommand.self
    )

    /// The app id this example is installed as (windowd(8), Apps and instances).
    static let app = try! AppID(validating: "notes")

    /// Where windowd is: `--socket`, else the socket of app "notes".
    static func connection(socket: String?) -> ConnectionOptions {
        ConnectionOptions(socketPath: socket, app: app, clientName: "notes")
    }

    /// Presents the window of `group` for `path` and runs `window` on it; if another
    /// terminal presents it, that one comes to front and this one ends at once.
    static func present(
        group: String,
        path: String,
        socket: String?,
        request: [String] = [],
        window: (WindowScene) -> (any NoteScene)?
    ) async throws {
        let scene: WindowScene
        do {
            let options = connection(socket: socket)
            switch try await WindowScene.present(group: group, value: .path(path), request: request, options: options) {
            case .presenting(let presented): scene = presented
            case .broughtToFront: return
            }
        } catch {
            FileHandle.standardError.write(Data("notes: \(error)\n".utf8))
            throw ExitCode(69)
        }
        guard let presented = window(scene) else {
            FileHandle.standardError.write(Data("notes: cannot catch signals\n".utf8))
            await scene.close()
            throw ExitCode(69)
        }
        let status = await presented.run()
        if status != 0 { throw ExitCode(status) }
    }
}

/// `notes [DIRECTORY]`: the list of a directory's notes.
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List a directory's notes.")

    @Option(help: "windowd's socket (default: the socket of app \"notes\"; its manifest is Examples/Notes/notes.toml).")
    var socket: String?

    @Argument(help: "The directory (default: this one).")
    var directory = "."

    func run() async throws {
        try await NotesCommand.present(group: "list", path: directory, socket: socket) { ListWindow(scene: $0) }
    }
}

/// `notes open FILE`: one note's window.
struct OpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "open", abstract: "Show one note.")

    @Option(help: "windowd's socket (default: the socket of app \"notes\").")
    var socket: String?

    @Argument(help: "The note's file.")
    var file: String

    @Argument(help: "+N: show the note from its line N, in the window that shows it already too.")
    var line: String?

    func run() async throws {
        try await NotesCommand.present(group: "note", path: file, socket: socket, request: line.map { [$0] } ?? []) {
            NoteWindow(scene: $0)
        }
    }
}
