import ArgumentParser
import Glibc
import WinctlOutput
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl init bash|zsh|fish`: the shell functions of the installed apps' wrapped commands.
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Print shell functions that run the installed apps' wrapped commands as windows.",
            discussion: """
                One function for each group that declares wraps (windowd.toml(5)) in the installed \
                apps (winctl apps), or in --app's only, each calling winctl wrap: in ~/.bashrc, \
                eval "$(winctl init bash)"; in ~/.zshrc, eval "$(winctl init zsh)"; in fish's \
                config.fish, winctl init fish | source. An app whose windowd does not answer within \
                --timeout (1 s unless given) is left out, with a line on standard error.
                """
        )

        /// The shells whose functions init prints.
        enum Shell: String, ExpressibleByArgument, CaseIterable {
            case bash, zsh, fish
        }

        @OptionGroup var options: GlobalOptions

        @Argument(help: "The shell: bash, zsh or fish.")
        var shell: Shell

        func run() throws {
            let environment = SocketPath.processEnvironment(ManifestSearch.variables + SocketPath.variables)
            let apps = InstalledApps.list(environment: environment, uid: getuid())
                .filter { options.app == nil || $0.id.rawValue == options.app }
            for app in apps {
                let groups: [DaemonGroups.Group]
                do throws(ClientError) {
                    groups = try WindowConnection(path: app.socket, timeout: options.timeout(default: 1))
                        .call(DaemonGroups.self, NoParams()).groups
                } catch {
                    Console.error("\(error.cause): the functions of app \(app.id.rawValue) are left out")
                    continue
                }
                for group in groups {
                    guard let wraps = group.wraps else { continue }
                    guard ShellQuote.word(group.id) == group.id else {
                        Console.error("group \(group.id) of app \(app.id.rawValue): its id is no shell word; left out")
                        continue
                    }
                    Console.output(Self.function(wraps.command, app: app.id.rawValue, group: group.id, shell: shell))
                }
            }
        }

        /// The function `command` that runs as the window of `group` of `app`: in a shell's own
        /// syntax, calling `winctl wrap` with its arguments.
        static func function(_ command: String, app: String, group: String, shell: Shell) -> String {
            let call = "winctl --app \(app) wrap \(group) -- \(command)"
            switch shell {
            case .bash, .zsh: return "\(command)() { \(call) \"$@\"; }"
            case .fish: return "function \(command) --wraps \(command); \(call) $argv; end"
            }
        }
    }
}
