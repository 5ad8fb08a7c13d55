import NIOCore

/// Getting the connection back after the daemon went away: connect again with backoff,
/// attach again, subscribe again.
extension DaemonConnection {
    /// Hello, then the presented window (`attach` the first time, the role after), then the
    /// subscription: what a connection needs before the app's calls go out (on the event loop).
    func establish(on channel: any Channel, attach: WindowAttach.Params?) -> EventLoopFuture<Void> {
        let hello = Hello.Params(client: options.clientName, protocol: ProtocolVersion.current)
        var chain = request(Hello.self, hello, on: channel).map { _ in }
        if let attach {
            chain = chain.flatMap {
                self.assumeIsolated { connection in
                    connection.request(WindowAttach.self, attach, on: channel).map { result in
                        self.assumeIsolated { $0.adoptAttach(result, previous: nil, on: channel) }
                    }
                }
            }
        } else if let role = presenter {
            chain = chain.flatMap { self.assumeIsolated { $0.reattach(role, on: channel) } }
        }
        if subscribes {
            chain = chain.flatMap {
                self.assumeIsolated { connection in
                    connection.request(EventsSubscribe.self, EventsSubscribe.Params(), on: channel).map { result in
                        self.assumeIsolated { $0.adoptSubscription(result) }
                    }
                }
            }
        }
        return chain
    }

    /// Attaches to the role's window again from `place`, in the phase this side means it to have.
    func attachAgain(at place: Place) async throws {
        guard var params = presenter?.reattachParams else { return }
        params.place = place
        _ = try await call(WindowAttach.self, params) {
            $0.presenter = PresenterRole(window: $1.window, place: place)
            $0.note($1.window)
        }
    }

    /// Attaches to the role's window again: by id, else (a daemon that lost it) by group and
    /// value. A refusal means the window is no longer this side's: a dismissal, not a failure.
    private func reattach(_ role: PresenterRole, on channel: any Channel) -> EventLoopFuture<Void> {
        request(WindowAttach.self, role.reattachParams, on: channel)
            .flatMapError { error in
                guard (error as? WindowKitError)?.reason == .unknownWindow else {
                    return self.eventLoop.makeFailedFuture(error)
                }
                return self.assumeIsolated { $0.request(WindowAttach.self, role.reopenParams, on: channel) }
            }
            .map { result in self.assumeIsolated { $0.adoptAttach(result, previous: role, on: channel) } }
            .flatMapError { error in
                guard let refusal = error as? WindowKitError, refusal.code == .refused else {
                    return self.eventLoop.makeFailedFuture(error)
                }
                self.assumeIsolated { $0.endPresenting(role.dismissal(refusedWith: refusal.reason)) }
                return self.eventLoop.makeSucceededVoidFuture()
            }
    }

    /// Establishes `channel` again after a restart or a new connection (on the event loop).
    func restore(on channel: any Channel, reason: Restore) {
        interruptInFlight()
        link = .restoring(channel, reason)
        establish(on: channel, attach: nil).whenComplete { result in
            self.assumeIsolated { connection in
                guard case .restoring(let current, _) = connection.link, current === channel else { return }
                switch result {
                case .success:
                    connection.becomeReady(channel)
                    if reason == .reconnect { connection.outputs.events.send(.reconnected) }
                case .failure(let error as WindowKitError) where error.code == .refused:
                    // A daemon that refuses hello or a subscription will refuse it again.
                    connection.shutDown(with: error)
                case .failure:
                    // Dropped or silent: the end of the channel starts the next try.
                    channel.close(promise: nil)
                }
            }
        }
    }

    /// `channel` ended (on the event loop): try again with backoff, unless it is not the one in use.
    func lost(_ channel: any Channel) {
        guard isCurrent(channel) else { return }
        interruptInFlight()
        link = .waiting
        lastSeq = 0
        if outage == nil {
            outage = (since: .now(), schedule: ReconnectSchedule(giveUpAfter: options.reconnectFor))
        }
        scheduleRetry()
    }

    /// Schedules the next try to connect, or gives up.
    private func scheduleRetry() {
        guard var current = outage else { return }
        let gone = Duration(NIODeadline.now() - current.since)
        if current.schedule.hasGivenUp(after: gone) {
            let message = "windowd at \(options.socketPath) has been gone for \(gone.components.seconds)s; giving up"
            shutDown(with: WindowKitError(.unreachable, message))
            return
        }
        let delay = current.schedule.nextDelay()
        outage = current
        outputs.status.set(.reconnecting(attempt: current.schedule.attempts))
        retry = eventLoop.scheduleTask(in: TimeAmount(delay)) { self.assumeIsolated { $0.connectAgain() } }
    }

    private func connectAgain() {
        guard case .waiting = link else { return }
        connectChannel().whenComplete { result in
            self.assumeIsolated { connection in
                guard case .waiting = connection.link else {
                    if case .success(let channel) = result { channel.close(promise: nil) }
                    return
                }
                switch result {
                case .success(let channel):
                    connection.lastSeq = 0
                    connection.restore(on: channel, reason: .reconnect)
                case .failure:
                    connection.scheduleRetry()
                }
            }
        }
    }
}
