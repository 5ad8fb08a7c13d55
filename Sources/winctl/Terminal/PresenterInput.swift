#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowKit
import WindowTerminal

/// Everything the terminal presenter reacts to, from the terminal and from windowd, in one stream.
enum PresenterInput: Sendable {
    /// Bytes from the terminal: keys and focus reports.
    case bytes([UInt8])
    /// The terminal hung up.
    case hangUp
    /// A caught signal.
    case signal(Int32)
    /// Something of the app changed: its state, its windows, this window's phase or storage.
    case changed
    /// An event, for what it says besides the change (`daemon.stopping`, a restart).
    case event(AppEvent)
    /// Someone asked for this window to come to front.
    case focus(FocusRequest)
    /// This window was dismissed.
    case dismissed(Dismissal)
    /// The connection to windowd changed.
    case connection(ConnectionStatus)
    /// Time passed: highlights end, the outage's clock moves on.
    case tick

    /// Runs `handle` for each input of `scene` and the terminal until it returns an ending.
    ///
    /// Each source is a child task of one task group, forwarding into one stream: every
    /// source ends with the loop.
    static func run(_ scene: WindowScene, signals: SignalPipe, handle: (PresenterInput) async -> PresenterEnding?) async -> PresenterEnding {
        let (inputs, continuation) = AsyncStream.makeStream(of: PresenterInput.self)
        var ending = PresenterEnding.signal(SIGHUP)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await DescriptorReader.read(TerminalInput.open()) { continuation.yield(.bytes($0)) }
                if !Task.isCancelled { continuation.yield(.hangUp) }
            }
            group.addTask { try? await signals.forEachSignal { continuation.yield(.signal($0)) } }
            group.addTask { for await _ in scene.app.states { continuation.yield(.changed) } }
            group.addTask { for await _ in scene.app.scenePhases { continuation.yield(.changed) } }
            group.addTask { for await _ in scene.app.windowUpdates { continuation.yield(.changed) } }
            group.addTask { for await _ in scene.phases { continuation.yield(.changed) } }
            group.addTask { for await event in scene.app.events { continuation.yield(.event(event)) } }
            group.addTask { for await request in scene.focusRequests { continuation.yield(.focus(request)) } }
            group.addTask { for await dismissal in scene.dismissals { continuation.yield(.dismissed(dismissal)) } }
            group.addTask { for await status in scene.app.connectionStatuses { continuation.yield(.connection(status)) } }
            group.addTask {
                while (try? await Task.sleep(for: .milliseconds(500))) != nil { continuation.yield(.tick) }
            }
            for await input in inputs {
                if let end = await handle(input) {
                    ending = end
                    break
                }
            }
            group.cancelAll()
        }
        return ending
    }
}
