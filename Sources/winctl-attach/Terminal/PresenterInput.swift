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
        // Asked for before the tasks start, so that nothing from now on is missed.
        let (states, aggregates, windows, phases) = (scene.app.states, scene.app.scenePhases, scene.app.windowUpdates, scene.phases)
        let (events, focusRequests, dismissals, statuses) = (scene.app.events, scene.focusRequests, scene.dismissals, scene.app.connectionStatuses)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                try? await DescriptorReader.read(TerminalInput.open()) { continuation.yield(.bytes($0)) }
                if !Task.isCancelled { continuation.yield(.hangUp) }
            }
            group.addTask { try? await signals.forEachSignal { continuation.yield(.signal($0)) } }
            group.addTask { for await _ in states { continuation.yield(.changed) } }
            group.addTask { for await _ in aggregates { continuation.yield(.changed) } }
            group.addTask { for await _ in windows { continuation.yield(.changed) } }
            group.addTask { for await _ in phases { continuation.yield(.changed) } }
            group.addTask { for await event in events { continuation.yield(.event(event)) } }
            group.addTask { for await request in focusRequests { continuation.yield(.focus(request)) } }
            group.addTask { for await dismissal in dismissals { continuation.yield(.dismissed(dismissal)) } }
            group.addTask { for await status in statuses { continuation.yield(.connection(status)) } }
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
