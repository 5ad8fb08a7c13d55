#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import ArgumentParser
import WindowClient
import WindowProtocol
import WindowTerminal

/// `winctl attach` on a terminal: the window as a full-screen view (SPEC section 10).
///
/// One `poll` loop over the keyboard, the daemon's socket and the signal pipe. Events and
/// replies update a ``PresenterModel``; ``RootView`` turns it into a frame and only the rows
/// that changed are written, in one synchronized update. Focus reports, Ctrl-Z and SIGCONT
/// set the window's phase. A dropped connection is retried with backoff until `--give-up`.
final class TerminalPresenter {
    /// How long the bring-to-front highlight stays.
    static let highlightDuration: Duration = .seconds(3)

    /// The connection to windowd.
    let link: PresenterLink
    /// The terminal taken over.
    let terminal = TerminalMode()
    /// SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP and SIGCONT, as bytes for `poll`.
    let signals: SignalPipe
    /// How to come to front on `window.focus`.
    let front = BringToFront.detect()
    /// How long the daemon may be gone.
    let giveUp: Duration
    /// What the view shows.
    var model: PresenterModel
    /// The phase the terminal decides.
    var phases: TerminalPhaseMachine
    /// Keys and reports cut between reads.
    var input = InputDecoder()
    /// The `seq` of the events, to notice a gap.
    var sequence = EventSequence(after: 0)
    /// The terminal's size, from `TIOCGWINSZ` at start and on SIGWINCH.
    var size = TerminalSize.fallback
    /// What the screen shows; `nil` when unknown, so the next frame is drawn whole.
    var screen: Frame?
    /// When the bring-to-front highlight goes.
    var highlightEnds: ContinuousClock.Instant?
    /// Set while the daemon is gone.
    var outage: Outage?

    /// The daemon gone: since when, and when to try again.
    struct Outage {
        var since: ContinuousClock.Instant
        var backoff: ReconnectBackoff
        var nextTry: ContinuousClock.Instant
    }

    /// A presenter of the window `link` is attached to, as `attached` and `snapshot` describe it.
    init?(link: PresenterLink, attached: WindowAttach.Result, snapshot: EventsSubscribe.Snapshot, giveUp: Duration) {
        guard let signals = SignalPipe(catching: [SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT]) else { return nil }
        self.link = link
        self.signals = signals
        self.giveUp = giveUp
        model = PresenterModel(attached: attached, socketPath: link.path)
        model.adopt(snapshot)
        phases = TerminalPhaseMachine(phase: attached.window.phase)
        sequence = EventSequence(after: link.subscribedAfter)
    }

    /// Presents until the window is dismissed, `q` detaches it, a signal ends it or the daemon is
    /// gone for good; gives the terminal back, then says why and throws the exit status.
    func run(json: Bool) throws(ExitCode) {
        guard terminal.enter() else {
            Console.error("cannot take over the terminal: \(String(cString: strerror(errno))) (use --no-tty)")
            throw ExitStatus.unavailable
        }
        size = TerminalSize.of(terminal.output) ?? .fallback
        let ending = loop()
        terminal.restore()
        try finish(ending, json: json)
    }

    // MARK: The loop

    private func loop() -> PresenterEnding {
        while true {
            if let ending = drainEvents() { return ending }
            draw()
            var descriptors = [
                pollfd(fd: signals.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
            ]
            if let connection = link.connection {
                descriptors.append(pollfd(fd: connection.socket.fileDescriptor, events: Int16(POLLIN), revents: 0))
            }
            if poll(&descriptors, nfds_t(descriptors.count), timeout()) < 0, errno != EINTR {
                return .signal(SIGHUP)
            }
            if descriptors[0].revents != 0 {
                for signal in signals.drain() {
                    if let ending = handle(signal: signal) { return ending }
                }
            }
            if descriptors[1].revents != 0, let ending = readInput() { return ending }
            if descriptors.count > 2, descriptors[2].revents != 0, let ending = handleEvent() { return ending }
            if let ending = tick() { return ending }
        }
    }

    /// Milliseconds until the next retry or the end of the highlight; -1 for none.
    private func timeout() -> Int32 {
        let now = ContinuousClock.now
        var deadlines: [ContinuousClock.Instant] = []
        if let outage { deadlines.append(min(outage.nextTry, now + .seconds(1))) }
        if let highlightEnds { deadlines.append(highlightEnds) }
        guard let first = deadlines.min() else { return -1 }
        let wait = max(.zero, first - now)
        let milliseconds = wait.components.seconds * 1_000 + wait.components.attoseconds / 1_000_000_000_000_000 + 1
        return Int32(min(milliseconds, 60_000))
    }
    private func draw() {
        guard terminal.isActive else { return }
        let frame = RootView.frame(model, size: size)
        terminal.write(FrameEncoder.bytes(for: FrameDiff(from: screen, to: frame)))
        screen = frame
    }
    // MARK: The end

    private func finish(_ ending: PresenterEnding, json: Bool) throws(ExitCode) {
        switch ending {
        case .detached(let window):
            _ = try? link.call(WindowDetach.self, NoParams())
            Console.output("detached from \(ValueText.window(window))")
        case .dismissed(let window, let reason):
            Console.output(DismissText.line(window, reason: reason))
        case .gaveUp(let path, let gone):
            Console.error("windowd at \(path) has been gone for \(gone.components.seconds)s; giving up (--give-up)")
            throw ExitStatus.unavailable
        case .failed(let error):
            throw ExitStatus.reporting(error, json: json)
        case .signal(let signal):
            // Die of the signal, as a shell expects of a program it interrupted.
            signals.restoreDefault(signal)
            kill(getpid(), signal)
            throw ExitCode(128 + signal)
        }
    }
}
