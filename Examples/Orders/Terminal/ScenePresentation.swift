import WindowKit

/// How every window of the app runs, on WindowKit's ``SceneTerminal`` (raw mode, decoded
/// keys, focus → phase, Ctrl-Z, signals, resize, frames written as the rows that changed): a
/// hang-up or a signal ends the window; every event is followed by a draw.
enum ScenePresentation {
    /// Runs `terminal` until `key` or `handle` (the scene's own events) return the exit status.
    ///
    /// - Returns: that status; 64 when standard input is no terminal.
    static func run(
        _ terminal: SceneTerminal,
        ticks: Bool,
        draw: () -> Void,
        key: (Key) async -> Int32?,
        handle: (SceneEvent) async -> Int32?
    ) async -> Int32 {
        let status: Int32?
        do {
            status = try await terminal.run(tick: ticks ? .seconds(1) : nil) { event -> Int32? in
                let next: Int32?
                switch event {
                case .key(let typed): next = await key(typed)
                case .hangUp, .signal: next = 0
                default: next = await handle(event)
                }
                if next == nil { draw() }
                return next
            }
        } catch {
            Console.error("orders: standard input is not a terminal")
            await terminal.scene.close()
            return 64
        }
        await terminal.scene.close()
        return status ?? 0
    }
}
