import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput
import WindowClient
import WindowProtocol

/// The ssh that `winctl ssh` runs, for its signal handlers; set once, before they are.
nonisolated(unsafe) private var sshProcess: Int32 = 0

extension Winctl {
    /// `winctl ssh [SSH-OPTION ...] HOST [COMMAND]`: a shell or COMMAND on HOST whose windows are this daemon's.
    struct Ssh: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "ssh",
            abstract: "Run ssh to HOST with windowd forwarded there: HOST's windows are this daemon's.",
            discussion: """
                Asks windowd for HOST's own socket, runs ssh (your config, keys and agent apply) with \
                a remote forward of it to a fresh path on HOST, and starts the login shell or COMMAND \
                there with WINDOWD_SOCKET (and WINDOWD_APP) set. Every client through it is HOST's: \
                a path value is HOST:/path. The path is removed when the shell ends; HOST's socket when \
                this command ends. While it runs, a window of HOST brought to front brings this \
                terminal to front too. Exits with ssh's status.
                """
        )

        @OptionGroup var options: GlobalOptions

        @Argument(
            parsing: .captureForPassthrough,
            help: ArgumentHelp("ssh's options, HOST, and the remote command.", valueName: "ssh-argument")
        )
        var arguments: [String] = []

        func validate() throws {
            guard SshCommandLine(arguments) != nil else {
                throw ValidationError("give the host: winctl ssh [SSH-OPTION ...] HOST [COMMAND]")
            }
        }

        func run() throws {
            let line = SshCommandLine(arguments)!
            let client = try DaemonClient(options)
            let place = OwnPlace.detect()
            let local = try client.call(DaemonHostSocket.self, .init(host: line.host, place: place)).result.path
            _ = try client.call(EventsSubscribe.self, .init(types: [EventName.windowFocus.rawValue]))
            let app = SocketPath.appChosen(
                socket: options.socket,
                app: try? options.app.map { text throws(AppID.Invalid) in try AppID(validating: text) },
                environment: SocketPath.processEnvironment()
            )
            var name = [CChar](repeating: 0, count: 256)
            gethostname(&name, name.count - 1)
            let hostName = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let argv = line.argv(
                local: local,
                key: SshCommandLine.key(host: hostName, local: local),
                nonce: String(UInt64.random(in: 0...UInt64.max), radix: 16),
                app: app,
                terminal: isatty(0) == 1
            )
            // As system(3): the terminal's Ctrl-C is ssh's, and this process stays for its connection.
            signal(SIGINT, SIG_IGN)
            signal(SIGQUIT, SIG_IGN)
            let ssh: ChildProcess
            do {
                ssh = try ChildProcess(argv, stdin: .inherited, stdout: .inherited, stderr: .inherited)
            } catch {
                Console.error("cannot run ssh: \(error)")
                throw ExitCode(127)
            }
            // A hang-up or termination of this process is ssh's, which ends it and then this one.
            sshProcess = ssh.pid
            for ending in [SIGTERM, SIGHUP] { signal(ending) { kill(sshProcess, $0) } }
            throw ExitCode(Self.follow(client.connection, place: place, until: ssh).shellStatus)
        }

        /// Brings `place` to front each time a window whose place it holds (one of HOST's) is
        /// brought to front, until `ssh` ends; then only waits for it if the daemon is gone.
        private static func follow(
            _ connection: WindowConnection,
            place: Place,
            until ssh: ChildProcess
        )
            -> ProcessTermination
        {
            while ssh.poll() == nil {
                let line: [UInt8]
                do {
                    guard let next = try connection.nextEvent(until: .now + .milliseconds(100)) else { break }
                    line = next.line
                } catch .timedOut {
                    continue
                } catch {
                    break
                }
                var level = (try? connection.payload(WindowEvent.self, of: line))?.window.place
                while let current = level, current != place { level = current.outer }
                if level != nil { OwnPlace.bringToFront(place) }
            }
            return ssh.wait()
        }
    }
}
