import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Tells the service manager about the daemon's state from a thread of its own, so that no
/// caller ever waits for the manager to read.
///
/// `sd_notify` writes to a blocking datagram socket: once the manager's queue is full
/// (`net.unix.max_dgram_qlen` datagrams, 10 by default) the next call blocks until the manager
/// reads. On the event loop that would stall every client, and shutdown with them. Here a call
/// only queues the message (under a lock held for a few instructions) and wakes the sender's
/// thread, which hands messages to libsystemd one at a time. What waits meanwhile is coalesced
/// by ``NotifyQueue``: the latest STATUS wins; READY, RELOADING and STOPPING keep their order.
///
/// The watchdog: the event loop still decides when to ping (``watchdogPing(validFor:)``), so a
/// ping still proves that the loop runs. While the manager does not read, the ping waits like
/// any other message, at most one, and only for the ping period it is valid for: if the loop
/// has not asked again by then, it may be stuck, and the old ping is dropped. Nothing pings on
/// the loop's behalf, and a sender blocked by the manager does not make the daemon act on its
/// own: a manager that cannot hear the pings judges the service by its own watchdog timeout
/// (systemd reads the notify socket before it runs its timers, so pings that were queued while
/// it was busy still count). A send that took over a second is logged once it is done.
///
/// Lifetime: ``withSender(descriptorStore:drainTimeout:logLabel:_:)`` starts the thread, runs
/// its body, then gives what is still queued (STOPPING=1, the hand-off state's descriptor) a
/// bounded time to go out. A thread still blocked in `sd_notify` after that is left behind and
/// ends with the process: STOPPING=1 is best-effort when the manager does not read. An exec
/// (the in-place upgrade) ends the thread too; what is queued then is lost the same way, never
/// sent out of order.
package final class NotifySender: Sendable {
    let notifier: SystemdNotifier
    let descriptorStore: FileDescriptorStore?
    let logLabel: String
    let state: Mutex<State>
    let wakeup = Semaphore()

    /// What the callers and the sender's thread share.
    struct State: ~Copyable {
        var queue = NotifyQueue()
        var phase: Phase
        var endWaiter = EndWaiter.none
    }

    /// Where the sender is in its life.
    enum Phase {
        /// No `NOTIFY_SOCKET`: messages are dropped and no thread starts.
        case disabled
        /// Messages queue; no thread yet.
        case created
        /// The thread sends what is queued.
        case running
        /// The thread sends what is queued, then ends.
        case draining
        /// The thread ended, or never started; messages are dropped.
        case ended
    }

    /// Who waits for the thread to end.
    enum EndWaiter {
        case none
        case waiting(CheckedContinuation<Void, Never>)
        case gaveUp
    }

    /// Runs `body` with a started sender, then waits at most `drainTimeout` for what is still
    /// queued to reach the manager.
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
        sender.start()
        let outcome: Swift.Result<Result, Failure>
        do throws(Failure) {
            outcome = .success(try await body(sender))
        } catch {
            outcome = .failure(error)
        }
        await sender.finish(within: drainTimeout)
        return try outcome.get()
    }

    init(notifier: SystemdNotifier, descriptorStore: FileDescriptorStore?, logLabel: String) {
        self.notifier = notifier
        self.descriptorStore = descriptorStore
        self.logLabel = logLabel
        state = Mutex(State(phase: notifier.isEnabled ? .created : .disabled))
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
        let accepted = state.withLock { state in
            guard state.phase.accepts else { return false }
            state.queue.requestWatchdogPing(validUntil: deadline)
            return true
        }
        if accepted { wakeup.signal() }
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

    /// Queues `message` and wakes the thread; closes the descriptors of what it supersedes.
    func post(_ message: NotifyMessage) {
        let dropped = state.withLock { state in
            state.phase.accepts ? state.queue.enqueue(message) : [message]
        }
        for fd in dropped.compactMap(\.descriptor) {
            close(fd)
        }
        wakeup.signal()
    }
}

extension NotifySender.Phase {
    /// Whether a message posted now can still be sent.
    var accepts: Bool {
        switch self {
        case .created, .running, .draining: true
        case .disabled, .ended: false
        }
    }
}
