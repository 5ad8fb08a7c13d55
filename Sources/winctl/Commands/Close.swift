import ArgumentParser
import WinctlOutput
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl close [--force] ID`: close a window; its presenter is dismissed and its scene storage destroyed.
    struct Close: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "close",
            abstract: "Close a window: its presenter is dismissed and its scene storage destroyed.",
            discussion: """
                A window whose group declares quit_keys has its program asked to quit first: the \
                window closes when it does; if it still runs after quit_wait_ms (it may have unsaved \
                work), close says so, leaves it, and exits 1.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Close at once, hanging the program up, without asking it to quit.")
        var force = false

        @Argument(help: "The window's id, or a unique prefix of it.")
        var id: String

        func run() throws {
            let client = try DaemonClient(options)
            let id = try client.windowID(id)
            let reply = try client.carryOut(WindowClose.self, WindowClose.Params(id: id, quit: force ? nil : true))
            if let asked = reply.result.asked, try !Self.closed(id, within: asked.waitMs, client) {
                let wait = asked.waitMs % 1_000 == 0 ? "\(asked.waitMs / 1_000) s" : "\(asked.waitMs) ms"
                Console.error(
                    "\(asked.program) did not quit within \(wait): it may have unsaved work; "
                        + "winctl close --force \(id) hangs it up"
                )
                throw ExitCode.failure
            }
            client.show(reply) { ["\($0.window.id) closed"] }
        }

        /// Whether window `id` is closed within `milliseconds`: gone from the snapshot of a
        /// subscription taken now, or its `window.closed` comes in time.
        static func closed(_ id: String, within milliseconds: Int, _ client: DaemonClient) throws(ExitCode) -> Bool {
            let deadline = ContinuousClock.now + .milliseconds(milliseconds)
            let subscribed = try client.call(EventsSubscribe.self, EventsSubscribe.Params(types: ["window.closed"]))
            guard subscribed.result.snapshot.windows.contains(where: { $0.id == id }) else { return true }
            do {
                while let (event, line) = try client.connection.nextEvent(until: deadline) {
                    let closed = try client.connection.payload(WindowEvent.self, of: line).window
                    if event.name == EventName.windowClosed.rawValue, closed.id == id { return true }
                }
                return true  // The daemon went away, and the window with it.
            } catch .timedOut {
                return false
            } catch {
                throw client.failure(error)
            }
        }
    }
}
