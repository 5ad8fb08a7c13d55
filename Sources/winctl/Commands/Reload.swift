import ArgumentParser
import WindowProtocol

extension Winctl {
    /// `winctl reload`: the daemon re-reads its config, as on SIGHUP (like `swaymsg reload`).
    struct Reload: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reload",
            abstract: "Make windowd re-read its config, as SIGHUP does; windows and connections stay.",
            discussion: """
                Only windowd's own user and root may reload it (others are refused: forbidden). \
                A config that does not load is refused with its error (file, line, key), and the old \
                config stays.
                """
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            try DaemonClient(options).perform(DaemonReload.self, NoParams()) { result in
                let count = result.groups.count
                return [
                    "config reloaded: \(count) window group\(count == 1 ? "" : "s") (\(result.groups.joined(separator: ", ")))"
                ]
            }
        }
    }
}
