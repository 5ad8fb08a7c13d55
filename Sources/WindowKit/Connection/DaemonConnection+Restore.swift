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
                self.request(WindowAttach.self, attach, on: channel).map { self.adoptAttach($0, previous: nil, on: channel) }
            }
        } else if let role = presenter {
            chain = chain.flatMap { self.reattach(role, on: channel) }
        }
        if subscribes {
            chain = chain.flatMap {
                self.request(EventsSubscribe.self, EventsSubscribe.Params(), on: channel).map { self.adoptSubscription($0) }
            }
        }
        return chain
    }

    /// Attaches to the role's window again: by id, else (a daemon that lost it) by group and
    /// value. A refusal means the window is no longer this side's: a dismissal, not a failure.
    private func reattach(_ role: PresenterRole, on channel: any Channel) -> EventLoopFuture<Void> {
        request(WindowAttach.self, role.reattachParams, on: channel)
            .flatMapError { error in
                guard (error as? WindowKitError)?.reason == .unknownWindow else { return self.eventLoop.makeFailedFuture(error) }
                return self.request(WindowAttach.self, role.reopenParams, on: channel)
            }
            .map { self.adoptAttach($0, previous: role, on: channel) }
            .flatMapError { error in
                guard let refusal = error as? WindowKitError, refusal.code == .refused else { return self.eventLoop.makeFailedFuture(error) }
                self.endPresenting(role.dismissal(refusedWith: refusal.reason))
                return self.eventLoop.makeSucceededVoidFuture()
            }
    }

    /// Establishes `channel` again after a restart or a new connection (on the event loop).
    func restore(on channel: any Channel, reason: Restore) {
        interruptInFlight()
        link = .restoring(channel, reason)
        establish(on: channel, attach: nil).whenComplete { result in
            guard case .restoring(let current, _) = self.link, current === channel else { return }
            switch result {
            case .success:
                self.becomeReady(channel)
                if reason == .reconnect { self.outputs.events.send(.reconnected) }
            case .failure(let error as WindowKitError) where error.code == .refused:
                // A daemon that refuses hello or a subscription will refuse it again.
                self.shutDown(with: error)
            case .failure:
                // Dropped or silent: the end of the channel starts the next try.
                channel.close(promise: nil)
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
        retry = eventLoop.scheduleTask(in: TimeAmount(delay)) { self.connectAgain() }
    }

    private func connectAgain() {
        guard case .waiting = link else { return }
        connectChannel().whenComplete { result in
            guard case .waiting = self.link else {
                if case .success(let channel) = result { channel.close(promise: nil) }
                return
            }
            switch result {
            case .success(let channel):
                self.lastSeq = 0
                self.restore(on: channel, reason: .reconnect)
            case .failure:
                self.scheduleRetry()
            }
        }
    }
}
