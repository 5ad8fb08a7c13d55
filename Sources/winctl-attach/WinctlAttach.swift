import ArgumentParser
import Glibc
import POSIXSupport
import WinctlOutput
import WindowKit

/// `winctl-attach`: the presenter that `winctl attach` becomes (winctl(1), Attached terminals).
///
/// `winctl attach` checks the daemon, resolves an id prefix and then `exec`s this program with
/// what it decided, so that the one-shot commands do not link WindowKit and SwiftNIO. Its
/// options are that hand-over, not a user interface: `winctl attach --help` is the one to read.
@main
struct WinctlAttach: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "winctl-attach",
        abstract: "The presenter that winctl attach runs; use winctl attach.",
        version: ProtocolVersion.software
    )

    @Option(parsing: .unconditional, help: "The daemon's socket.")
    var socket: String

    @Option(parsing: .unconditional, help: "The window's whole id.")
    var id: String?

    @Option(parsing: .unconditional, help: "The group whose window for --value to open or reuse.")
    var group: String?

    @Option(parsing: .unconditional, help: "With --group: the value.")
    var value: String?

    @OptionGroup var presenter: PresenterOptions

    @Flag(help: "Present in line mode (winctl attach decides: --no-tty, --json, or no terminal).")
    var lineMode = false

    @Flag(help: "Print JSON lines.")
    var json = false

    @Option(
        parsing: .unconditional,
        help: "With a program: the app chosen (--app or WINDOWD_APP), for its environment."
    )
    var app: String?

    @Option(parsing: .unconditional, help: "With a program: winctl's --timeout, in seconds (0: wait forever).")
    var timeout: Double = 0

    @Flag(help: "With a program: keep the window when it exits.")
    var keep = false

    @Option(
        parsing: .unconditional,
        help: "With a program: the terminal's settings from before winctl run took it raw (its bytes in hex)."
    )
    var terminalSettings: String?

    @Argument(parsing: .postTerminator, help: "winctl run's program and its arguments, after --.")
    var program: [String] = []

    func validate() throws {
        if (id == nil) == (group == nil) { throw ValidationError("give exactly one of --id and --group") }
        if id != nil, value != nil { throw ValidationError("--value goes with --group") }
        if !program.isEmpty, group == nil { throw ValidationError("a program runs with --group") }
    }

    func run() async throws {
        if let group, !program.isEmpty {
            let request = RunCommand.Request(
                group: group,
                value: value,
                program: program,
                keep: keep,
                socketPath: socket,
                app: app,
                timeout: timeout == 0 ? nil : .milliseconds(Int64((timeout * 1_000).rounded(.up))),
                terminalBefore: terminalSettings.flatMap(TerminalSettings.settings(fromText:))
            )
            return try await RunCommand.run(request).carryOut()
        }
        let target: PresenterTarget = if let id { .id(id) } else { .group(group ?? "", value: value) }
        let giveUp = Duration.seconds(presenter.giveUp)
        let scene: WindowScene
        switch await PresenterScene.attach(
            target,
            phase: presenter.phase,
            takeover: presenter.takeover,
            socketPath: socket,
            giveUp: giveUp
        ) {
        case .success(let attached): scene = attached
        case .failure(let failure): return try failure.exit.carryOut()
        }
        let exit: PresenterExit
        if lineMode {
            exit = await LinePresenter(scene: scene, json: json, socketPath: socket).run()
        } else if let presenter = TerminalPresenter(scene: scene, socketPath: socket, giveUp: giveUp) {
            exit = await presenter.run()
        } else {
            Console.error("cannot catch signals: \(String(cString: strerror(errno)))")
            await scene.close()
            exit = .status(ExitStatus.unavailable.rawValue)
        }
        try exit.carryOut()
    }
}
