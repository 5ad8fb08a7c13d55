#if canImport(Glibc)
import Glibc
#endif
import WindowKit
import WindowTerminal

/// How every window of the app runs its screen: the alternate screen entered, a first draw, each
/// input handled and the screen redrawn until a handler returns an exit status, then the
/// screen left and the scene closed. The terminal's side is handled here for every window:
/// typed bytes become keys, a hang-up or a signal ends the window, SIGWINCH resizes.
enum ScenePresentation {
    /// Runs `scene` on `screen`; `key` and `handle` (the scene's own inputs) return the exit
    /// status once the window should go.
    ///
    /// - Returns: that status; 69 without signal handling, 64 when standard input is no terminal.
    static func run(
        _ scene: WindowScene, on screen: Screen, ticks: Bool, draw: () -> Void,
        key: (Key) async -> Int32?, handle: (SceneInput) async -> Int32?
    ) async -> Int32 {
        guard let signals = SignalPipe(catching: [SIGWINCH, SIGTERM, SIGINT, SIGHUP]) else { return 69 }
        guard screen.enter() else {
            Console.error("orders: standard input is not a terminal")
            return 64
        }
        var status: Int32 = 0
        var decoder = KeyDecoder()
        draw()
        await SceneInput.run(scene, signals: signals, ticks: ticks) { input in
            var next: Int32?
            switch input {
            case .bytes(let bytes):
                for typed in decoder.feed(bytes) where next == nil { next = await key(typed) }
            case .hangUp: next = 0
            case .signal(SIGWINCH): screen.resized()
            case .signal: next = 0
            default: next = await handle(input)
            }
            if let next { status = next }
            draw()
            return next == nil
        }
        screen.leave()
        await scene.close()
        return status
    }
}
