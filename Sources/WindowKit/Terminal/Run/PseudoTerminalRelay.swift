import Glibc
import Synchronization

/// The bytes between a terminal and a program on a pseudo-terminal of its own, both ways, on
/// two threads of their own (no event loop between a key and its echo, and no key waiting
/// behind output the terminal has not taken), as `script` and tmux relay them.
///
/// ```swift
/// let relay = PseudoTerminalRelay(master: pty.master, input: 0, output: 1)
/// for await event in relay.start() { … }   // .focusIn, .focusOut, .inputEnded
/// relay.finish()                            // after the program ended: the rest of its output, then stop
/// ```
///
/// Output goes through unchanged; ``TerminalModeTracker`` follows whether the program asked for
/// focus reports. The terminal's own focus reports (which the caller asked for with
/// `CSI ?1004h`) are taken out of the input and reported as events; the program gets them too
/// only while it asks for them, and the current focus at once when it starts asking (as tmux
/// answers a pane). A program that turns focus reports off does not turn them off for the
/// caller: the relay asks the terminal again.
package final class PseudoTerminalRelay: Sendable {
    /// What the terminal side did.
    package enum Event: Sendable, Equatable {
        /// `CSI I`.
        case focusIn
        /// `CSI O`.
        case focusOut
        /// The terminal's input ended (it hung up).
        case inputEnded
    }

    private let master: Int32
    private let input: Int32
    private let output: Int32
    /// Commands to the output thread: `s` stop after draining, `r` the same with the modes the
    /// program left on turned off, `d` drain and acknowledge.
    private let commands: (read: Int32, write: Int32)
    /// The output thread's acknowledgements of `d` and `s`.
    private let acknowledgements: (read: Int32, write: Int32)
    /// Whether the program asked for focus reports.
    private let programWantsFocus = Atomic<Bool>(false)
    /// The terminal's focus as last reported: 0 unknown, 1 in, 2 out.
    private let focus = Atomic<UInt8>(0)
    /// Keeps writes to the program whole: keys from the input thread, focus from the output one.
    private let masterWrites = Mutex<Void>(())
    private let started = Atomic<Bool>(false)

    /// How long a trailing `ESC` (or `ESC [`) waits for the rest of a focus report before it
    /// goes to the program as the Escape key.
    package static let escapeWait: Int32 = 10

    /// A relay between the terminal (`input`, `output`) and a pseudo-terminal's `master`.
    package init?(master: Int32, input: Int32 = 0, output: Int32 = 1) {
        var commandEnds: [Int32] = [-1, -1]
        var acknowledgementEnds: [Int32] = [-1, -1]
        guard pipe(&commandEnds) == 0 else { return nil }
        guard pipe(&acknowledgementEnds) == 0 else {
            commandEnds.forEach { close($0) }
            return nil
        }
        for end in commandEnds + acknowledgementEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The output thread reads until a read would wait (passAvailable); writes wait in poll.
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        self.master = master
        self.input = input
        self.output = output
        commands = (commandEnds[0], commandEnds[1])
        acknowledgements = (acknowledgementEnds[0], acknowledgementEnds[1])
    }

    deinit {
        // The input thread may still hold the command pipe's read end in its poll: it ends
        // with the process, and the read end with it.
        close(commands.write)
        close(acknowledgements.read)
        close(acknowledgements.write)
    }

    /// Starts both threads; the terminal side's events come on the stream returned.
    package func start() -> AsyncStream<Event> {
        let (events, continuation) = AsyncStream.makeStream(of: Event.self)
        guard !started.exchange(true, ordering: .relaxed) else { return events }
        Self.thread { self.relayInput(continuation) }
        Self.thread { self.relayOutput() }
        return events
    }

    /// Waits until the output thread has written everything the program wrote so far (or 500 ms
    /// have passed): before the terminal is given back for a stop.
    package func drain() {
        command(UInt8(ascii: "d"))
    }

    /// After the program ended: writes the rest of its output (and what a child that kept its
    /// terminal writes within ``afterExitGrace``), then stops the output thread.
    /// `turningModesOff` (the program was hung up and the terminal stays): then also turns off
    /// the modes it left on, as ``TerminalModeTracker/modesOff`` says.
    package func finish(turningModesOff: Bool = false) {
        command(UInt8(ascii: turningModesOff ? "r" : "s"), waiting: 500 + Int32(Self.afterExitGrace))
    }

    private func command(_ byte: UInt8, waiting milliseconds: Int32 = 500) {
        var byte = byte
        guard write(commands.write, &byte, 1) == 1 else { return }
        var reply = pollfd(fd: acknowledgements.read, events: Int16(POLLIN), revents: 0)
        guard poll(&reply, 1, milliseconds) == 1 else { return }
        _ = read(acknowledgements.read, &byte, 1)
    }

    // MARK: The threads

    /// The terminal's keys to the program, its focus reports taken out.
    private func relayInput(_ events: AsyncStream<Event>.Continuation) {
        var reports = TerminalReports(takesSuspend: false)
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var descriptors = [
            pollfd(fd: input, events: Int16(POLLIN), revents: 0),
            pollfd(fd: commands.read, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 1, reports.isHolding ? Self.escapeWait : -1)
            if ready < 0, errno == EINTR { continue }
            if ready == 0 {
                toProgram(reports.release())
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else {
                events.yield(.inputEnded)
                events.finish()
                return
            }
            for piece in reports.feed(buffer[..<count]) {
                switch piece {
                case .keys(let keys):
                    toProgram(keys)
                case .focusIn, .focusOut:
                    let inside = piece == .focusIn
                    focus.store(inside ? 1 : 2, ordering: .relaxed)
                    events.yield(inside ? .focusIn : .focusOut)
                    if programWantsFocus.load(ordering: .relaxed) { toProgram(Self.report(focusIn: inside)) }
                case .suspend:
                    toProgram([0x1A])
                }
            }
        }
    }

    /// The program's output to the terminal, unchanged; its focus-report mode followed.
    ///
    /// Each read goes out at once, and the thread waits in `poll` only once a read finds nothing:
    /// while the program writes, a read and a write per piece, no `poll` between. Gathering reads
    /// into fewer, larger writes measured slower (bench/relay.c, `loop` against `eager`): the two
    /// terminals then take turns instead of both moving (while the relay gathers, the terminal
    /// has nothing to read; while a large write waits for it, nothing reads the program's side).
    private func relayOutput() {
        var tracker = TerminalModeTracker()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.outputBufferSize, alignment: 16)
        defer { buffer.deallocate() }
        var descriptors = [
            pollfd(fd: master, events: Int16(POLLIN), revents: 0),
            pollfd(fd: commands.read, events: Int16(POLLIN), revents: 0),
        ]
        var open = true
        while true {
            // Everything the program has written by now, before a command is taken: `s` and `d`
            // come once it has ended or stopped, and must find its last output written.
            if open { open = passAvailable(buffer, &tracker) }
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            // Once every slave descriptor is closed (EIO), only the commands are left to wait for.
            let ready = open ? poll(&descriptors, 2, -1) : poll(&descriptors[1], 1, -1)
            if ready < 0, errno == EINTR { continue }
            guard descriptors[1].revents != 0 else { continue }
            var command: UInt8 = 0
            guard read(commands.read, &command, 1) == 1 else { continue }
            if open { open = passAvailable(buffer, &tracker) }
            if command != UInt8(ascii: "d") { passRest(buffer, &tracker, open: open) }
            if command == UInt8(ascii: "r") { Self.writeAll(output, tracker.modesOff) }
            _ = write(acknowledgements.write, &command, 1)
            if command != UInt8(ascii: "d") { return }
        }
    }

    /// After the program ended: what others holding its terminal still write (a child that
    /// left its session with `setsid` and prints on), until every slave descriptor is closed
    /// (EIO) or ``afterExitGrace`` has passed, as a terminal would still show it.
    private func passRest(_ buffer: UnsafeMutableRawBufferPointer, _ tracker: inout TerminalModeTracker, open: Bool) {
        let end = ContinuousClock.now + .milliseconds(Int64(Self.afterExitGrace))
        var open = open
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while open, case let left = end - .now, left > .zero {
            let (seconds, attoseconds) = left.components
            _ = poll(&descriptor, 1, Int32(seconds * 1_000 + attoseconds / 1_000_000_000_000_000) + 1)
            open = passAvailable(buffer, &tracker)
        }
    }

    /// How long, in milliseconds, output of others holding the program's terminal is still
    /// passed on after it ended.
    package static let afterExitGrace = 300

    /// How much of the program's output one read takes at most (a pseudo-terminal gives a few
    /// KiB a read while the program writes, more when it has written ahead).
    static let outputBufferSize = 65_536

    /// Passes what the program has written so far to the terminal, each read as it comes, until
    /// a read would wait (the master is non-blocking); `false` once every slave descriptor is
    /// closed (EIO).
    private func passAvailable(_ buffer: UnsafeMutableRawBufferPointer, _ tracker: inout TerminalModeTracker) -> Bool {
        while true {
            let got = read(master, buffer.baseAddress!, buffer.count)
            if got > 0 {
                pass(UnsafeRawBufferPointer(rebasing: buffer[..<got]), &tracker)
            } else if got < 0, errno == EINTR {
                continue
            } else {
                return got < 0 && errno == EAGAIN
            }
        }
    }

    /// Writes `bytes` to the terminal and follows the program's focus-report mode in them.
    private func pass(_ bytes: UnsafeRawBufferPointer, _ tracker: inout TerminalModeTracker) {
        Self.writeAll(output, bytes)
        for enabled in tracker.scan(bytes) {
            programWantsFocus.store(enabled, ordering: .relaxed)
            if enabled {
                let now = focus.load(ordering: .relaxed)
                if now != 0 { toProgram(Self.report(focusIn: now == 1)) }
            } else {
                // The program is done with them; the window's phase is not.
                Self.writeAll(output, Self.enableFocusReports)
            }
        }
    }

    /// Types `bytes` into the program's terminal, between the terminal's own keys, never inside them.
    package func toProgram(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        masterWrites.withLock { _ in bytes.withUnsafeBytes { Self.writeAll(master, $0) } }
    }

    /// `CSI I` or `CSI O`.
    static func report(focusIn: Bool) -> [UInt8] {
        [0x1B, UInt8(ascii: "["), focusIn ? UInt8(ascii: "I") : UInt8(ascii: "O")]
    }

    private static let enableFocusReports = Array(ControlSequence.enableFocusReporting.utf8)

    private static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    // The non-blocking master (or a terminal left non-blocking) is full: wait, not spin.
                    var room = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&room, 1, -1)
                    continue
                }
                return  // A closed terminal or pty takes nothing more.
            }
            offset += written
        }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Runs `body` on a new thread with every signal blocked (the process's handlers run on
    /// the others, so reads and writes here are not interrupted).
    private static func thread(_ body: @escaping @Sendable () -> Void) {
        final class Box: Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var all = sigset_t()
        sigfillset(&all)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let result = pthread_create(
            &thread,
            nil,
            { raw in
                Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue().body()
                return nil
            },
            box
        )
        if result == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).release()
        }
    }
}
