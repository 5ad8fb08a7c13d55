#if canImport(Glibc)
import Glibc
#endif
import WindowKit
import WindowTerminal

/// Everything a window of the app reacts to, from the terminal and from windowd, in one stream.
enum SceneInput: Sendable {
    /// Bytes typed (keys and focus reports).
    case bytes([UInt8])
    /// The terminal hung up.
    case hangUp
    /// A signal: SIGWINCH, SIGTERM, SIGINT, SIGHUP.
    case signal(Int32)
    /// The app state changed.
    case state(AppState)
    /// This window's phase changed.
    case phase(ScenePhase)
    /// The app's windows changed.
    case windows([WindowInfo])
    /// Someone asked for this window to come to front.
    case focus(FocusRequest)
    /// This window was dismissed.
    case dismissed(Dismissal)
    /// The connection to windowd changed.
    case connection(ConnectionStatus)
    /// A second passed (only if the window asked for ticks).
    case tick
}

extension SceneInput {
    /// Runs `handle` for each input of `scene` and the terminal, in order, until it returns `false`.
    ///
    /// Each source is a child task of one task group forwarding into one stream: structured,
    /// and every source ends with the loop.
    static func run(
        _ scene: WindowScene, signals: SignalPipe, ticks: Bool, handle: (SceneInput) async -> Bool
    ) async {
        let (inputs, continuation) = AsyncStream.makeStream(of: SceneInput.self)
        // Asked for before the tasks start, so that nothing from now on is missed.
        let (states, phases, windows) = (scene.app.states, scene.phases, scene.app.windowUpdates)
        let (focusRequests, dismissals, statuses) = (scene.focusRequests, scene.dismissals, scene.app.connectionStatuses)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await DescriptorReader.read(TerminalInput.open()) { continuation.yield(.bytes($0)) }
                if !Task.isCancelled { continuation.yield(.hangUp) }
            }
            group.addTask { try? await signals.forEachSignal { continuation.yield(.signal($0)) } }
            group.addTask { for await state in states { continuation.yield(.state(state)) } }
            group.addTask { for await phase in phases { continuation.yield(.phase(phase)) } }
            group.addTask { for await list in windows { continuation.yield(.windows(list)) } }
            group.addTask { for await request in focusRequests { continuation.yield(.focus(request)) } }
            group.addTask { for await dismissal in dismissals { continuation.yield(.dismissed(dismissal)) } }
            group.addTask { for await status in statuses { continuation.yield(.connection(status)) } }
            if ticks {
                group.addTask {
                    while (try? await Task.sleep(for: .seconds(1))) != nil { continuation.yield(.tick) }
                }
            }
            for await input in inputs {
                guard await handle(input) else { break }
            }
            group.cancelAll()
        }
    }
}
