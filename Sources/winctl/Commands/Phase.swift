import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl phase` shows the aggregate and per-window phases; `winctl phase ID PHASE` sets one.
    struct Phase: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "phase",
            abstract: "Show the aggregate and per-window scene phases, or set one window's phase (phase ID PHASE)."
        )

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The window whose phase to set: its id, or a unique prefix of it.")
        var id: String?

        @Argument(help: "Its new phase: active, inactive or background.")
        var phase: ScenePhase?

        func validate() throws {
            if let id, phase == nil {
                throw ValidationError("give a phase for window \(id): active, inactive or background")
            }
        }

        func run() throws {
            let client = try DaemonClient(options)
            if let id, let phase {
                try client.perform(SceneSetPhase.self, SceneSetPhase.Params(id: try client.windowID(id), phase: phase))
                { result in
                    ["\(result.window.id) \(result.window.phase.rawValue) (aggregate \(result.aggregate.rawValue))"]
                }
            } else {
                try client.perform(ScenePhaseQuery.self, NoParams()) { result in
                    var table = Table(header: [], rows: [["aggregate", result.aggregate.rawValue]])
                    for id in result.windows.keys.sorted() {
                        table.rows.append([id, result.windows[id]!.rawValue])
                    }
                    return table.lines
                }
            }
        }
    }
}
