import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput
import WindowClient
import WindowProtocol

extension Winctl {
    /// `winctl apps`: the installed apps' manifests, and which of their instances run.
    struct Apps: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "apps",
            abstract:
                "List the installed apps (their manifests, first found wins) and whether each one's instance is running."
        )

        @OptionGroup var options: GlobalOptions

        func run() throws {
            let environment = SocketPath.processEnvironment(ManifestSearch.variables + SocketPath.variables)
            let apps = InstalledApps.list(environment: environment, uid: getuid())
            // Running: its socket accepts a connection (a socket-activated instance counts: it starts on demand).
            let running = apps.map { UnixSocketConnection.isServed($0.socket) }
            if options.json {
                let list = zip(apps, running).map { app, running in
                    JSONValue.object([
                        "id": .string(app.id.rawValue), "manifest": .string(app.manifest),
                        "socket": .string(app.socket), "running": .bool(running),
                    ])
                }
                Console.output(JSONValue.object(["apps": .array(list)]).jsonText)
                return
            }
            var table = Table(header: ["APP", "RUNNING", "MANIFEST"])
            for (app, running) in zip(apps, running) {
                table.rows.append([app.id.rawValue, running ? "yes" : "no", app.manifest])
            }
            for line in table.lines { Console.output(line) }
        }
    }
}
