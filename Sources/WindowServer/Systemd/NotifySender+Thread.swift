import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The sender's thread: started once, ended by ``NotifySender/finish(within:)``.
extension NotifySender {
    /// What the thread does next.
    enum Step {
        case send(NotifyMessage)
        case sleep
        case end(CheckedContinuation<Void, Never>?)
    }

    /// Starts the thread that sends what is queued; does nothing without `NOTIFY_SOCKET`.
    func start() {
        let starts = state.withLock { state in
            guard case .created = state.phase else { return false }
            state.phase = .running
            return true
        }
        guard starts else { return }
        // The thread runs with every signal blocked (it inherits the mask it is created with):
        // the daemon handles signals elsewhere, and libsystemd does not retry a send that a
        // signal handler interrupted.
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(
            &thread,
            nil,
            { context in
                let sender = Unmanaged<NotifySender>.fromOpaque(context!).takeRetainedValue()
                sender.serve()
                return nil
            },
            context
        )
        guard created == 0 else {
            Unmanaged<NotifySender>.fromOpaque(context).release()
            state.withLock { $0.phase = .ended }
            Logger(label: logLabel).error(
                "cannot start the notify thread; the service manager hears nothing more",
                metadata: ["errno": "\(created)"]
            )
            return
        }
        pthread_detach(thread)
    }

    /// Lets the thread send what is queued, then end; waits for that at most `timeout`.
    ///
    /// - Returns: whether everything queued went out in time.
    @discardableResult
    func finish(within timeout: Duration) async -> Bool {
        let running = state.withLock { state in
            switch state.phase {
            case .running, .draining:
                state.phase = .draining
                return true
            case .disabled, .created, .ended:
                state.phase = .ended
                return false
            }
        }
        guard running else { return true }
        wakeup.signal()
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await self.threadEnded()
                return true
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    /// Returns once the thread has ended, or once the calling task is cancelled.
    private func threadEnded() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ended = state.withLock { state in
                    if case .ended = state.phase { return true }
                    if case .gaveUp = state.endWaiter { return true }
                    state.endWaiter = .waiting(continuation)
                    return false
                }
                if ended { continuation.resume() }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.endWaiter = .gaveUp }
                guard case .waiting(let continuation) = state.endWaiter else {
                    return nil as CheckedContinuation<Void, Never>?
                }
                return continuation
            }
            waiter?.resume()
        }
    }

    /// The thread's loop: sends one message at a time, sleeps when none waits, ends when drained.
    private func serve() {
        while true {
            let step = state.withLock { state in
                state.step(now: .now)
            }
            switch step {
            case .send(let message):
                deliver(message)
            case .sleep:
                wakeup.wait()
            case .end(let waiter):
                waiter?.resume()
                return
            }
        }
    }

    /// Hands one message to libsystemd; this is where the thread blocks while the manager does not read.
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

extension NotifySender.State {
    /// The thread's next step: the next message, else sleep, else (when draining) the end.
    mutating func step(now: ContinuousClock.Instant) -> NotifySender.Step {
        if let message = queue.next(now: now) {
            return .send(message)
        }
        guard case .draining = phase else { return .sleep }
        phase = .ended
        defer { endWaiter = .none }
        guard case .waiting(let continuation) = endWaiter else { return .end(nil) }
        return .end(continuation)
    }
}
