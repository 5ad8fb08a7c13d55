import Glibc
import Logging
import NIOPosix
import Synchronization

/// Tells the service manager about the daemon's state, so that no caller ever waits for the
/// manager to read.
///
/// `sd_notify` writes to a blocking datagram socket: once the manager's queue is full
/// (`net.unix.max_dgram_qlen` datagrams, 10 by default) the next call blocks until the manager
/// reads. On the event loop that would stall every client, and shutdown with them. Here a call
/// only queues the message (under a lock held for a few instructions); the sending is done on
/// NIO's thread pool, one message at a time by one work item, which is where a send blocks.
/// What waits meanwhile is coalesced by ``NotifyQueue``: the latest STATUS wins; READY,
/// RELOADING and STOPPING keep their order.
///
/// The watchdog: the event loop still decides when to ping (``watchdogPing(validFor:)``), so a
/// ping still proves that the loop runs. While the manager does not read, the ping waits like
/// any other message, at most one, and only for the ping period it is valid for: if the loop
/// has not asked again by then, it may be stuck, and the old ping is dropped. A send that took
/// over a second is logged once it is done.
///
/// Lifetime: ``withSender(descriptorStore:drainTimeout:logLabel:_:)`` runs its body, then gives
/// what is still queued (STOPPING=1, the hand-off state's descriptor) a bounded time to go out.
/// A send still blocked after that is left behind and ends with the process: STOPPING=1 is
/// best-effort when the manager does not read. An exec (the in-place upgrade) ends it too; what
/// is queued then is lost the same way, never sent out of order.
package final class NotifySender: Sendable {
    let notifier: SystemdNotifier
    let descriptorStore: FileDescriptorStore?
    let logLabel: String
    private let threadPool: NIOThreadPool
    private let state: Mutex<State>

    /// What the callers and the work item that sends share.
    private struct State: ~Copyable {
        var queue = NotifyQueue()
        /// Whether messages are still taken: not without `NOTIFY_SOCKET`, nor once finished.
        var accepting: Bool
        /// Whether a work item is sending what is queued.
        var sending = false

        /// Whether the caller must start a work item to send what it queued.
        mutating func startSending() -> Bool {
            defer { sending = true }
            return !sending
        }

        /// The next message to send; `nil`, and the work item ends, when none waits.
        mutating func next(now: ContinuousClock.Instant) -> NotifyMessage? {
            if let message = queue.next(now: now) { return message }
            sending = false
            return nil
        }
    }

    /// Runs `body` with a sender, then waits at most `drainTimeout` for what is still queued to
    /// reach the manager.
    ///
    /// - Parameters:
    ///   - descriptorStore: the manager's fd store, when it keeps one; ``store(_:name:)`` and
    ///     ``remove(name:)`` do nothing without it.
    ///   - logLabel: the swift-log label of the warning about a manager that was slow to read.
    package static func withSender<Result, Failure: Error>(
        descriptorStore: FileDescriptorStore?,
        drainTimeout: Duration,
        logLabel: String = "systemd.notify",
        _ body: (NotifySender) async throws(Failure) -> Result
    ) async throws(Failure) -> Result {
        let sender = NotifySender(notifier: SystemdNotifier(), descriptorStore: descriptorStore, logLabel: logLabel)
        let outcome: Swift.Result<Result, Failure>
        do throws(Failure) {
            outcome = .success(try await body(sender))
        } catch {
            outcome = .failure(error)
        }
        await sender.finish(within: drainTimeout)
        return try outcome.get()
    }

    init(
        notifier: SystemdNotifier,
        descriptorStore: FileDescriptorStore?,
        logLabel: String,
        threadPool: NIOThreadPool = .singleton
    ) {
        self.notifier = notifier
        self.descriptorStore = descriptorStore
        self.logLabel = logLabel
        self.threadPool = threadPool
        state = Mutex(State(accepting: notifier.isEnabled))
    }

    /// Whether `NOTIFY_SOCKET` is set, i.e. a service manager listens for notifications.
    package var isEnabled: Bool { notifier.isEnabled }

    /// Whether the manager keeps an fd store for this service.
    package var storesDescriptors: Bool { descriptorStore != nil }

    /// The watchdog timeout the manager expects pings within (`WATCHDOG_USEC`); `nil` when disabled.
    package var watchdogInterval: Duration? { notifier.watchdogInterval }

    /// Queues `READY=1` with `STATUS=`: start-up (or a reload) is complete.
    package func ready(status: String) {
        post(.ready(status: status))
    }

    /// Queues `STATUS=`, replacing one still waiting since the last state change.
    package func status(_ text: String) {
        post(.status(text))
    }

    /// Queues `RELOADING=1` with `MONOTONIC_USEC=` of now, when the reload begins.
    package func reloading() {
        post(.reloading(monotonicMicroseconds: SystemdNotifier.monotonicMicroseconds()))
    }

    /// Queues `STOPPING=1`, with `STATUS=` when a text is given.
    package func stopping(status: String? = nil) {
        post(.stopping(status: status))
    }

    /// Queues `ERRNO=` and/or `EXIT_STATUS=` with `STATUS=`: start-up failed, and why.
    package func startFailed(errno: Int32?, exitStatus: Int32?, status: String) {
        post(.startFailed(errno: errno, exitStatus: exitStatus, status: status))
    }

    /// Asks for `WATCHDOG=1`, sent before anything else that waits, and dropped if it cannot be
    /// sent within `period` (the caller's ping period: by then it should have asked again).
    package func watchdogPing(validFor period: Duration) {
        let deadline = ContinuousClock.now + period
        let starts = state.withLock { state in
            guard state.accepting else { return false }
            state.queue.requestWatchdogPing(validUntil: deadline)
            return state.startSending()
        }
        if starts { sendQueued() }
    }

    /// Queues `FDSTORE=1` for a duplicate of `fd` under `name`; the caller keeps `fd` and may
    /// close it at once. Does nothing without a descriptor store.
    package func store(_ fd: Int32, name: String) {
        guard descriptorStore != nil else { return }
        // The sender owns a duplicate: the caller's descriptor may be closed, and its number
        // reused, before the message goes out.
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 3)
        guard copy >= 0 else { return }
        post(.storeDescriptor(copy, name: name))
    }

    /// Queues `FDSTOREREMOVE=1` for `name`, or cancels its store if that has not gone out yet.
    package func remove(name: String) {
        guard descriptorStore != nil else { return }
        post(.removeDescriptors(name: name))
    }

    /// Queues `message`, and starts sending if no send is under way; closes the descriptors of
    /// what it supersedes.
    func post(_ message: NotifyMessage) {
        let (dropped, starts) = state.withLock { state in
            state.accepting ? (state.queue.enqueue(message), state.startSending()) : ([message], false)
        }
        for fd in dropped.compactMap(\.descriptor) {
            close(fd)
        }
        if starts { sendQueued() }
    }

    /// Sends what is queued, in order, on the thread pool, until nothing waits.
    private func sendQueued() {
        threadPool.submit { [self] _ in
            while let message = state.withLock({ $0.next(now: .now) }) {
                deliver(message)
            }
        }
    }

    /// Takes no more messages, then waits at most `timeout` for what is queued to go out.
    func finish(within timeout: Duration) async {
        let deadline = ContinuousClock.now + timeout
        state.withLock { $0.accepting = false }
        while state.withLock({ $0.sending }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Hands one message to libsystemd; this is where a send blocks while the manager does not read.
    private func deliver(_ message: NotifyMessage) {
        let started = ContinuousClock.now
        switch message {
        case .storeDescriptor(let fd, let name):
            descriptorStore?.store(fd, name: name)
            close(fd)
        case .removeDescriptors(let name):
            descriptorStore?.remove(name: name)
        default:
            notifier.send(message.state)
        }
        let took = ContinuousClock.now - started
        if took >= .seconds(1) {
            Logger(label: logLabel).warning(
                "the service manager took long to read a notification (NOTIFY_SOCKET)",
                metadata: [
                    "waited": "\(took)", "notification": "\(message.state.split(separator: "\n").first ?? "")",
                ]
            )
        }
    }
}
