import ArgumentParser
import WinctlOutput
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl restore [--dry-run] [--at-login] [GROUP ...]`: windows whose presenter is gone come back.
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Bring back every detached window whose presenter is gone, at its last place.",
            discussion: """
                One line per window: id, group, value, last place, what happened. Each comes back as the \
                same window with its storage, its group's program started again at its last place (its \
                tmux session made again when missing, its old index when free), else here; the most \
                recently active last, in front. Exits 1 naming the windows that did not come back.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Flag(help: "Say what would come back; start nothing.")
        var dryRun = false

        @Flag(help: "Only windows of groups with relaunch = \"at-login\".")
        var atLogin = false

        @Argument(help: "Only windows of these groups.")
        var groups: [String] = []

        func run() throws {
            let here = OwnPlace.detect(outer: false)
            let client = try DaemonClient(options)
            let params = WindowRestore.Params(groups: groups, atLogin: atLogin, dryRun: dryRun)
            let reply = try client.carryOut(WindowRestore.self, params)
            var missing: [String] = []
            var lines: [String] = []
            var moving: [WindowInfo] = []
            for result in reply.result.windows {
                let window = result.window
                var what: String
                var missed = !dryRun && result.outcome == .detached
                switch result.outcome {
                case .relaunched: what = "came back"
                case .detached where dryRun: what = "would come back"
                case .detached: what = "not started: windowd starts no more at once; run winctl restore again"
                default: what = OpenText.outcome(result.outcome)
                }
                if let command = result.command,
                    let failure = OwnPlace.launch(
                        command,
                        title: OpenText.title(window),
                        at: here,
                        last: window.lastPlace,
                        variables: options.launchVariables(windowID: window.id)
                    )
                {
                    what = "could not start \(ValueText.command(command)): \(failure)"
                    missed = true
                    DaemonClient.reportLaunchEnded(window.id, reason: what, options: options, over: client.connection)
                } else if result.command != nil, window.lastPlace?.workspace != nil {
                    moving.append(window)
                }
                if missed { missing.append(window.id) }
                let place = window.lastPlace.map { last in
                    last.name.map { "tmux \($0):\(last.window ?? "")" } ?? last.label
                }
                let columns = [window.id, window.group, ValueText.word(window.value) ?? "-", place ?? "-", what]
                lines.append(columns.joined(separator: " "))
            }
            client.show(reply) { _ in lines }
            // Each i3 or sway window to its workspace once its presenter says where it came back;
            // the most recent shown there, the others moved without changing what the user sees.
            let front = reply.result.windows.last { $0.command != nil }?.window.id
            let places = try Self.places(of: Set(moving.map(\.id)), client)
            for window in moving {
                guard let place = places[window.id],
                    let step = RestorePlace.move(place, toWorkspaceOf: window.lastPlace, front: window.id == front)
                else { continue }
                _ = PlaceActions.perform(step)
            }
            guard missing.isEmpty else {
                Console.error("did not come back: " + missing.joined(separator: " "))
                throw ExitCode.failure
            }
        }

        /// The places of windows `ids` once their presenters have attached, waited for up to 10 s
        /// (a terminal and its presenter start in about one): one late stays where it came back.
        static func places(of ids: Set<String>, _ client: DaemonClient) throws(ExitCode) -> [String: Place] {
            guard !ids.isEmpty else { return [:] }
            let deadline = ContinuousClock.now + .seconds(10)
            let subscribed = try client.call(EventsSubscribe.self, EventsSubscribe.Params(types: ["window.phase"]))
            var places: [String: Place] = [:]
            for window in subscribed.result.snapshot.windows where ids.contains(window.id) {
                places[window.id] = window.place
            }
            while places.count < ids.count, let (_, line) = try? client.connection.nextEvent(until: deadline) {
                guard let window = try? client.connection.payload(WindowEvent.self, of: line).window,
                    ids.contains(window.id)
                else { continue }
                places[window.id] = window.place
            }
            return places
        }
    }

    /// `winctl last [GROUP]`: bring the most recently active window (of GROUP) to front.
    struct Last: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "last",
            abstract: "Bring the most recently active window (of a group) to front."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "Only windows of this group.")
        var group: String?

        func run() throws {
            let client = try DaemonClient(options)
            let windows = try client.carryOut(WindowList.self, WindowList.Params(group: group)).result.windows
            guard let last = WindowTable.recent(windows).first, last.lastActiveAt != nil else {
                Console.error("no window" + (group.map { " of group \($0)" } ?? "") + " has been active")
                throw ExitCode.failure
            }
            try client.perform(WindowFocus.self, WindowIDParams(id: last.id)) { ["\($0.window.id) brought to front"] }
        }
    }
}
