/// What ``WindowScene/present(group:value:phase:request:options:)`` did.
public enum Presentation: Sendable {
    /// This program presents the window now, as after ``WindowScene/attach(group:value:phase:takeover:options:)``.
    case presenting(WindowScene)
    /// Another presenter has the window: it was brought to front where it is (a tmux pane, a
    /// kitty window, …), as `openWindow` brings it, or, its presenter stopped (Ctrl-Z), left
    /// there for `fg` (the outcome is then `stopped`); this program has nothing to show.
    case broughtToFront(OpenedWindow)
}

extension WindowScene {
    /// Presents the window of `group` for `value` here, unless another presenter has it: then
    /// that one is brought to front instead, and this program should end.
    ///
    /// ```swift
    /// switch try await WindowScene.present(group: "note", value: .path("todo.md")) {
    /// case .presenting(let scene): try await NoteWindow(scene: scene).run()
    /// case .broughtToFront(let opened): print("\(opened.window.id) already open, brought to front")
    /// }
    /// ```
    ///
    /// A window refused as busy (`window_busy`) is opened with ``AppClient/openWindow(group:value:request:)``
    /// on a second connection; if its presenter left in between, the attach is tried again and
    /// this program presents it. Two programs started at once for one value race on the
    /// daemon's attach: exactly one presents it.
    ///
    /// - Parameters:
    ///   - group: a window group of the app.
    ///   - value: the window's value, of the group's type (`.none` for a group without one).
    ///   - phase: the phase to start in if it is presented here (`background` while its place
    ///     hides the terminal, as ``attach(group:value:phase:takeover:options:)`` says).
    ///   - request: what to ask of a window another presenter has, as ``AppClient/openWindow(group:value:request:)`` asks it.
    ///   - options: where windowd is, and how patiently to talk to it.
    public static func present(
        group: String,
        value: WindowValue = .none,
        phase: ScenePhase = .active,
        request: [String] = [],
        options: ConnectionOptions = ConnectionOptions()
    ) async throws -> Presentation {
        // Twice at most: a presenter that leaves between the refusal and the open leaves the
        // window to this one.
        for _ in 0..<2 {
            do {
                return .presenting(try await attach(group: group, value: value, phase: phase, options: options))
            } catch let error as WindowKitError where error.reason == .windowBusy {
                let app = try await AppClient.connect(options)
                let opened: OpenedWindow
                do {
                    opened = try await app.openWindow(group: group, value: value, request: request)
                } catch {
                    await app.close()
                    throw error
                }
                await app.close()
                if opened.isPresentedElsewhere { return .broughtToFront(opened) }
            }
        }
        return .presenting(try await attach(group: group, value: value, phase: phase, options: options))
    }
}
