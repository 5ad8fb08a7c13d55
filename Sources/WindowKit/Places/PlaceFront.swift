import NIOPosix
import WindowClient

/// Bringing a presenter's terminal to front and starting a window's command at the opener's
/// place (winctl(1), Attached terminals), off the event loop: both talk to the place's program (tmux, kitty,
/// i3, …) and wait for it for a few milliseconds.
enum PlaceFront {
    /// Brings `place` to front on NIO's thread pool, both levels when nested; nothing for a
    /// place with no interface (the presenter rings the bell and sets the title instead).
    static func bringToFront(_ place: Place) {
        guard OwnPlace.canBringToFront(place) else { return }
        NIOThreadPool.singleton.submit { state in
            guard state == .active else { return }
            OwnPlace.bringToFront(place)
        }
    }

    /// Starts `command` in a new terminal window at `place` (at `last` first, where the window
    /// was last presented) with `variables`; why it failed, or `nil`.
    static func launch(
        _ command: [String],
        title: String,
        at place: Place,
        last: Place?,
        variables: LaunchVariables
    ) async -> String? {
        do {
            return try await NIOThreadPool.singleton.runIfActive {
                OwnPlace.launch(command, title: title, at: place, last: last, variables: variables)
            }
        } catch {
            return "\(error)"
        }
    }
}
