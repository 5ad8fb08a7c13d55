import WindowKit
import WindowTerminal

/// How every window of the app runs its screen, on WindowTerminal's ``SceneTerminal`` (raw mode,
/// focus → phase, Ctrl-Z, signals and resize): typed bytes become keys, a hang-up, a signal or a
/// dismissal ends the window, a resize draws it whole; every event is followed by a draw.
enum ScenePresentation {
    /// Runs `scene` on `screen`; `key` and `handle` (the scene's own events) return the exit
    /// status once the window should go.
    ///
    /// - Returns: that status; 69 without signal handling, 64 when standard input is no terminal.
    static func run(
        _ scene: WindowScene, on screen: Screen, ticks: Bool, draw: () -> Void,
        key: (Key) async -> Int32?, handle: (SceneEvent) async -> Int32?
    ) async -> Int32 {
        guard let terminal = SceneTerminal(scene: scene, mode: screen.terminal) else { return 69 }
        var decoder = KeyDecoder()
        let status: Int32?
        do {
            status = try await terminal.run(tick: ticks ? .seconds(1) : nil) { event -> Int32? in
                var next: Int32?
                switch event {
                case .keys(let bytes):
                    for typed in decoder.feed(bytes) where next == nil { next = await key(typed) }
                case .resized: screen.resized()
                case .hangUp, .signal: next = 0
                default: next = await handle(event)
                }
                if next == nil { draw() }
                return next
            }
        } catch {
            Console.error("orders: standard input is not a terminal")
            await scene.close()
            return 64
        }
        await scene.close()
        return status ?? 0
    }
}
