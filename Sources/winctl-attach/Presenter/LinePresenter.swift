import ArgumentParser
import Glibc
import WinctlOutput
import WindowKit

/// `winctl attach` in line mode: prints the presented window's events and takes commands as
/// lines on standard input. The plain presenter for pipes, logs and tests, on WindowKit like
/// the terminal one.
///
/// ```swift
/// let exit = await LinePresenter(scene: scene, json: false, socketPath: path).run()
/// ```
///
/// It ends with 0 when the window is dismissed or `q` detaches it, and with 69 when the daemon
/// has been gone for `--give-up`. A restart is no end: WindowKit carries a kept connection over,
/// and after a lost one it connects again with backoff and re-attaches to the same id; the
/// presenter says so on standard error. The end of standard input is no end either.
final class LinePresenter {
    private let scene: WindowScene
    private let json: Bool
    private let socketPath: String
    private var lines = InputLines()
    /// Since when the daemon is gone; `nil` while connected.
    private var outageSince: ContinuousClock.Instant?

    /// What the presenter reacts to.
    private enum Input: Sendable {
        case stdin([UInt8])
        case stdinEnded
        case event(EventMessage)
        case dismissed(Dismissal)
        case connection(ConnectionStatus)
    }

    /// A presenter of `scene`'s window, printing JSON lines if `json`.
    init(scene: WindowScene, json: Bool, socketPath: String) {
        self.scene = scene
        self.json = json
        self.socketPath = socketPath
    }

    /// Prints the window, then presents until the window is dismissed, `q` detaches it or the
    /// daemon goes away.
    func run() async -> PresenterExit {
        // Asked for before anything is printed: a reader that acts on the first line misses nothing.
        let (messages, dismissals, statuses) = (scene.app.eventMessages, scene.dismissals, scene.app.connectionStatuses)
        let result = PresenterScene.attachResult(scene)
        if json {
            emit(json: result)
        } else {
            for line in AttachText.lines(result) { Console.output(line) }
            if isatty(0) == 1 { Console.output("(\(PresenterCommand.help))") }
        }
        let (inputs, continuation) = AsyncStream.makeStream(of: Input.self)
        var exit = PresenterExit.status(0)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                await StandardInput.forEachChunk { continuation.yield(.stdin($0)) }
                continuation.yield(.stdinEnded)
            }
            group.addTask { for await message in messages { continuation.yield(.event(message)) } }
            group.addTask { for await dismissal in dismissals { continuation.yield(.dismissed(dismissal)) } }
            group.addTask { for await status in statuses { continuation.yield(.connection(status)) } }
            for await input in inputs {
                if let end = await handle(input) {
                    exit = end
                    break
                }
            }
            group.cancelAll()
        }
        await scene.close()
        return exit
    }

    private func handle(_ input: Input) async -> PresenterExit? {
        switch input {
        case .stdin(let bytes):
            for line in lines.feed(bytes) {
                if let end = await handle(line: line) { return end }
            }
        case .stdinEnded:
            // The end of input is no reason to stop presenting.
            for line in lines.finish() {
                if let end = await handle(line: line) { return end }
            }
        case .event(let message):
            return show(message)
        case .dismissed(let dismissal):
            if json {
                let params: JSONValue = .object([
                    "window": Self.json(dismissal.window), "reason": .string(dismissal.reason.rawValue),
                ])
                emit(json: RPCNotification(method: EventName.windowDismiss.rawValue, params: params))
            } else {
                Console.output(DismissText.line(dismissal.window, reason: dismissal.reason))
            }
            return .status(0)
        case .connection(let status):
            return connection(status)
        }
        return nil
    }

    /// Follows the link to windowd: reconnecting is said once per outage, and so is the way back.
    private func connection(_ status: ConnectionStatus) -> PresenterExit? {
        switch status {
        case .connected:
            guard outageSince != nil else { return nil }
            outageSince = nil
            Console.error("windowd at \(socketPath) is back; presenting \(ValueText.window(scene.window)) again")
        case .reconnecting:
            guard outageSince == nil else { return nil }
            outageSince = ContinuousClock.now
            Console.error(
                "windowd at \(socketPath) closed the connection; reconnecting until it is back or --give-up has passed"
            )
        case .closed:
            guard let since = outageSince else {
                Console.error("windowd at \(socketPath) closed the connection")
                return .status(ExitStatus.unavailable.rawValue)
            }
            Console.error(
                "windowd at \(socketPath) has been gone for \((ContinuousClock.now - since).components.seconds)s; giving up (--give-up)"
            )
            return .status(ExitStatus.unavailable.rawValue)
        }
        return nil
    }

    /// Prints an event a presenter gets; the end if it dismisses this window.
    private func show(_ message: EventMessage) -> PresenterExit? {
        let own = message.params["window"].flatMap { $0.objectMember("id") } == .string(scene.id)
        switch EventName(rawValue: message.name) {
        case .windowOpened?, .windowClosed?, .windowPhase?:
            return nil  // The subscription's, not the presenter's.
        case .windowFocus?:
            guard own else { return nil }
        case .windowDismiss?:
            guard own else { return nil }
            if json {
                emit(json: RPCNotification(method: message.name, params: JSONValue.object(message.params)))
            } else if let dismiss = try? JSONValueDecoder().decode(
                WindowDismissEvent.self,
                from: .object(message.params)
            ) {
                Console.output(DismissText.line(dismiss.window, reason: dismiss.reason))
            }
            return .status(0)
        default:
            break
        }
        if json {
            emit(json: RPCNotification(method: message.name, params: JSONValue.object(message.params)))
        } else {
            Console.output(EventLine.render(message))
        }
        return nil
    }

    private func handle(line: String) async -> PresenterExit? {
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return nil }
        guard let command = PresenterCommand(line: line) else {
            Console.error("unknown command '\(line)': \(PresenterCommand.help)")
            return nil
        }
        switch command {
        case .detach:
            do {
                let window = try await scene.detach()
                if json {
                    emit(json: WindowResult(window: window))
                } else {
                    Console.output("detached from \(ValueText.window(window))")
                }
                return .status(0)
            } catch let error as WindowKitError {
                return .reporting(error)
            } catch {
                return .status(ExitStatus.unavailable.rawValue)
            }
        case .setPhase(let phase):
            do {
                let aggregate = try await scene.setPhase(phase)
                if json {
                    emit(json: SceneSetPhase.Result(window: scene.window, aggregate: aggregate))
                } else {
                    Console.output("phase \(scene.window.phase.rawValue) (aggregate \(aggregate.rawValue))")
                }
            } catch let error as WindowKitError where error.code == .refused {
                // A refused phase leaves the window presented; say why and go on.
                Console.error(error.message)
            } catch let error as WindowKitError {
                return .reporting(error)
            } catch {
                return nil
            }
            return nil
        }
    }

    private func emit(json value: some Encodable) {
        guard let bytes = try? JSONWriter.bytes(value) else { return }
        Console.output(bytes: bytes)
    }

    private static func json(_ window: WindowInfo) -> JSONValue {
        (try? JSONParser.parse(JSONWriter.bytes(window))) ?? .null
    }
}

extension JSONValue {
    /// The member `key` of an object; `nil` for anything else.
    fileprivate func objectMember(_ key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
}
