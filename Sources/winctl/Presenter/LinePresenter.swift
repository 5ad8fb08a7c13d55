#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ArgumentParser
import WindowClient
import WindowProtocol

/// `winctl attach` in line mode: prints the presented window's events and takes commands as lines on standard input.
///
/// The plain presenter for pipes, logs and tests; a full-screen terminal view can
/// sit beside it and share ``DaemonClient`` and ``PresenterCommand``.
final class LinePresenter {
    private let client: DaemonClient
    private var window: WindowInfo
    private var sequence = EventSequence(after: 0)
    /// `nil` once standard input has ended: end of input is no reason to stop presenting.
    private var input: InputLines? = InputLines()

    /// Whether to go on presenting after one event or command.
    private enum Next { case `continue`, finish }

    /// A presenter of `window`, which `client` has just attached to.
    init(client: DaemonClient, window: WindowInfo) {
        self.client = client
        self.window = window
    }

    /// Presents until the window is dismissed or `q` detaches it; throws the exit status of any other end.
    func run() throws(ExitCode) {
        if !client.options.json, isatty(0) == 1 { Console.output("(\(PresenterCommand.help))") }
        let socket = client.connection.socket.fileDescriptor
        while true {
            // Events that arrived with a response are already read: the socket would not wake poll for them.
            while client.connection.hasPendingEvent {
                if try handleEvent() == .finish { return }
            }
            var descriptors = [pollfd(fd: socket, events: Int16(POLLIN), revents: 0)]
            if let input { descriptors.append(pollfd(fd: input.fileDescriptor, events: Int16(POLLIN), revents: 0)) }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                Console.error("cannot wait for windowd at \(client.connection.socket.path): \(String(cString: strerror(errno)))")
                throw ExitStatus.unavailable
            }
            if descriptors[0].revents != 0, try handleEvent() == .finish { return }
            if descriptors.count > 1, descriptors[1].revents != 0, let input {
                for line in input.readAvailable() where try handleLine(line) == .finish { return }
                if input.isAtEnd { self.input = nil }
            }
        }
    }

    private func handleEvent() throws(ExitCode) -> Next {
        let (event, line) = try client.nextEvent(checking: &sequence)
        switch EventName(rawValue: event.name) {
        case .windowDismiss?:
            if let dismiss = try? client.connection.payload(WindowDismissEvent.self, of: line), dismiss.window.id == window.id {
                show(event, line: line, human: DismissText.line(dismiss.window, reason: dismiss.reason))
                return .finish
            }
        case .daemonRestarted?:
            show(event, line: line)
            if case .bool(true)? = event.params["resync"] { try reattach() }
            return .continue
        default:
            break
        }
        show(event, line: line)
        return .continue
    }

    private func handleLine(_ line: String) throws(ExitCode) -> Next {
        guard !line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) else { return .continue }
        guard let command = PresenterCommand(line: line) else {
            Console.error("unknown command '\(line)': \(PresenterCommand.help)")
            return .continue
        }
        switch command {
        case .detach:
            let reply = try client.call(WindowDetach.self, NoParams())
            client.show(reply) { ["detached from \(ValueText.window($0.window))"] }
            return .finish
        case .setPhase(let phase):
            do {
                let reply = try client.request(SceneSetPhase.self, SceneSetPhase.Params(id: window.id, phase: phase))
                window = reply.result.window
                client.show(reply) { ["phase \($0.window.phase.rawValue) (aggregate \($0.aggregate.rawValue))"] }
            } catch .refused(let error) {
                // A refused phase leaves the window presented; say why and go on.
                Console.error(error.message)
            } catch {
                throw client.failure(error)
            }
            return .continue
        }
    }

    /// Attaches again after a daemon restart that lost this connection's state, keeping the phase.
    private func reattach() throws(ExitCode) {
        let params = WindowAttach.Params(id: window.id, phase: window.phase)
        let reply = try client.call(WindowAttach.self, params)
        window = reply.result.window
        client.show(reply) { AttachText.lines($0) }
    }

    private func show(_ event: EventMessage, line: [UInt8], human: String? = nil) {
        if client.options.json {
            Console.output(bytes: line)
        } else {
            Console.output(human ?? EventLine.render(event))
        }
    }
}
