import FoundationEssentials
import Logging
import NIOCore
import NIOPosix
import POSIXSupport
import WindowEngine
import WindowProtocol

/// Carrying out what ``DaemonMachine`` answers about commits: transactions on the store, their
/// timers, the deliveries that waited for them, drains (windowd(8), State: a change is answered
/// only once it is on disk; one that cannot be saved is not applied and not announced).
extension WindowDaemon {
    /// Carries out what a line or a change of the daemon's own asks for: its commit is
    /// scheduled, and what need not wait for it is delivered; what they queue is sent by the
    /// next ``flush()`` (at the end of the read batch, or at once after a transaction).
    func carryOut(_ step: consuming DaemonMachine.Step) {
        schedule(step.schedule)
        if let delivery = step.deliverNow.take() { deliver(delivery, undone: nil) }
    }

    /// A commit on the loop's next turn, so that the rest of this read batch adds its changes
    /// (one transaction for all), or a retry after ``DaemonMachine/retryPause``.
    private func schedule(_ schedule: CommitQueue<DaemonMachine.Delivery>.Schedule) {
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        switch schedule {
        case .none:
            return
        case .commit:
            eventLoop.execute { daemon.value.commitDue() }
        case .retry:
            eventLoop.scheduleTask(in: .milliseconds(DaemonMachine.retryPause)) {
                daemon.value.schedule(daemon.value.machine.retryDue())
            }
        }
    }

    /// Hands what is queued to the store as one transaction; its end comes back to the loop.
    private func commitDue() {
        guard let changes = machine.commitDue() else { return }
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        store.commit(changes) { result in
            let failure: String? = if case .failure(let error) = result { "\(error)" } else { nil }
            loop.execute {
                daemon.value.commitFinished(failure: failure)
                daemon.value.flush()
            }
        }
    }

    private func commitFinished(failure: String?) {
        let finished = machine.commitFinished(failure: failure)
        switch finished.storeChanged {
        case .some(.some(let failure)):
            logger.error(
                "cannot commit state; a change whose commit fails is undone and refused",
                metadata: ["error": "\(failure)"]
            )
        case .some(.none): logger.notice("the state store recovered")
        case .none: break
        }
        if let windowsBefore = finished.rolledBackFrom {
            logger.warning(
                "undid the changes of requests whose commit failed; their clients are told",
                metadata: [
                    "windows.before": "\(windowsBefore)", "windows.after": "\(coordinator.registry.count)",
                    "state": "\(coordinator.state)",
                ]
            )
            armDeadline()
            scheduleStatus()
        }
        for (delivery, undone) in finished.deliveries { deliver(delivery, undone: undone) }
        schedule(finished.schedule)
        guard finished.settled else { return }
        let drains = self.drains
        self.drains = []
        drains.forEach { $0.succeed() }
    }

    /// Succeeds once everything queued so far is committed, or the store refuses it.
    func drain() -> EventLoopFuture<Void> {
        if machine.isSettled { return eventLoop.makeSucceededVoidFuture() }
        let promise = eventLoop.makePromise(of: Void.self)
        drains.append(promise)
        return promise.futureResult
    }

    /// Carries out what waited for a commit; when `undone` (the commit failed), a response is
    /// that error for every request of its line, and its events are withdrawn.
    func deliver(_ delivery: consuming DaemonMachine.Delivery, undone: String?) {
        switch consume delivery {
        case .response(let outcome, let pending, let id):
            let connection = connections[id]
            if let connection {
                connection.awaitedReplyBytes -= outcome.replyBytes
                sendReply(to: connection) { outcome.write(undone: undone, encoder: encoder, into: &$0) }
            }
            if undone != nil {
                withdraw(pending, subscribedBy: outcome, on: connection)
            } else if !pending.isEmpty {
                release(pending)
            }
        case .effects(let pending):
            release(pending)
        case .line(let line, let id):
            guard let connection = connections[id] else { return }
            sendReply(to: connection) { $0.writeBytes(line) }
        case .maintenance(let level):
            let logger = self.logger
            store.maintain(level) { result in
                if case .failure(let error) = result {
                    logger.warning("state maintenance failed", metadata: ["level": "\(level)", "error": "\(error)"])
                }
            }
        }
    }

    /// The events of a line whose change was undone are not sent (the machine took them out of
    /// each connection's numbering); a subscription the line took is dropped with its reply.
    private func withdraw(
        _ pending: PendingEffects,
        subscribedBy outcome: RequestRouter.Outcome,
        on connection: Connection?
    ) {
        if let connection, outcome.replies.contains(where: { $0.method == EventsSubscribe.name && $0.error == nil }) {
            connections.subscribe(connection, to: .none)
        }
        if pending.changesStatus { scheduleStatus() }
    }
}

extension RequestRouter.Outcome {
    /// The bytes of its replies, encoded as the request ran.
    var replyBytes: Int { replies.reduce(0) { $0 + ($1.body?.count ?? 0) } }
}

/// Start (the loading period, the watchdog), reload, resume and stop.
extension WindowDaemon {
    // MARK: - Start and stop

    /// Starts the loading period, the watchdog, the deadline timer and the status line; call once listening.
    ///
    /// `loading` lasts at least `minimum_loading_ms` and until the stored session is validated;
    /// then the daemon is `authenticated(user)` or `unauthenticated`. `READY=1` goes out once
    /// the stored session has its verdict (at once without `validate_command`): by then the
    /// windows of a user whose session is not restored are closed.
    func start() {
        eventLoop.preconditionInEventLoop()
        startWatchdog()
        launcher.reapInheritedChildren()
        if coordinator.state == .loading {
            startLoading()
        } else {
            reportReady()
        }
        armDeadline()
    }

    /// `loading` lasts at least `minimum_loading_ms` and until the stored session is validated.
    func startLoading() {
        let minimum = TimeAmount.milliseconds(Int64(config.app.minimumLoadingMilliseconds))
        machine.startLoading(hasStoredSession: storedSession != nil)
        if let storedSession {
            machine.validationAsked(storedSession, by: .storedSession).map(startValidator)
        } else {
            sessionJudged(.invalid)
        }
        eventLoop.assumeIsolated().scheduleTask(in: minimum) { [self] in
            machine.minimumLoadingElapsed().map(finishLoading)
        }
    }

    /// The stored session (if any) has its verdict: when it will not be restored, the windows
    /// that need a user are closed now (windowd-protocol(7), app.transition), then `READY=1`; loading ends if the
    /// minimum time is over.
    func sessionJudged(_ verdict: SessionValidator.Verdict) {
        if verdict == .invalid {
            if let stored = storedSession {
                logger.notice("stored session not restored", metadata: ["user": "\(stored.user)"])
            }
            changeOnItsOwn(.discardRestoredSession(now: now))
            flush()
        }
        reportReady()
        machine.sessionJudged(verdict).map(finishLoading)
    }

    /// Leaves `loading`: `authenticated(user)` when the stored session is still valid, else
    /// `unauthenticated`; then the requests that waited for it are handled, in order.
    private func finishLoading(_ verdict: SessionValidator.Verdict) {
        changeOnItsOwn(.finishLoading(storedSession: storedSession, rejected: verdict == .invalid, now: now))
        releaseHeldRequests()
        flush()
        scheduleStatus()
    }

    /// The watchdog pings, from this event loop.
    func startWatchdog() {
        guard let watchdog = hooks.watchdog else { return }
        let half = TimeAmount.nanoseconds(
            Int64(watchdog.interval.components.seconds) * 1_000_000_000 / 2
                + watchdog.interval.components.attoseconds / 2_000_000_000
        )
        eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: half) { _ in watchdog.ping() }
    }

    /// `READY=1` with the first status line, once.
    func reportReady() {
        machine.readyToServe().map(hooks.ready)
    }

    /// Tells everyone the daemon is stopping, waits for every acknowledged change to be
    /// committed, sends what is queued, and closes every connection.
    func stop() -> EventLoopFuture<Void> {
        eventLoop.preconditionInEventLoop()
        machine.stopStarted()
        hooks.stopping(machine.statusLine)
        // What connections kept unframed was read before the stop: it is answered like the rest.
        resumeHeldInput(force: true)
        perform([.event(.daemonStopping)])
        flush()
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        return drain().flatMap {
            daemon.value.flush()
            let closing = daemon.value.connections.all.map { $0.channel.close() }
            return EventLoopFuture.whenAllComplete(closing, on: daemon.value.eventLoop).map { _ in }
        }
    }

    /// Resumes the app state a graceful restart handed over, instead of `loading`.
    func resume(from state: HandOffState) {
        eventLoop.preconditionInEventLoop()
        changeOnItsOwn(.resume(state: state.appState, session: storedSession))
        logger.info(
            "resumed after a graceful restart",
            metadata: ["generation": "\(state.generation)", "state": "\(state.appState)"]
        )
    }

    /// Applies a re-read config; connections and windows stay. Sends `daemon.reloaded` when `announce`.
    func reload(_ newConfig: DaemonConfig, announce: Bool = true) {
        eventLoop.preconditionInEventLoop()
        config = newConfig
        changeOnItsOwn(.reconfigure(groups: newConfig.windowGroups, limits: newConfig.coordinatorLimits))
        access = AccessPolicy(newConfig.daemon)
        let before = descriptors
        descriptors = DescriptorLimit.provide(forClients: newConfig.daemon.maxClients)
        if descriptors != before { logDescriptors() }
        if announce {
            perform([.event(.daemonReloaded)])
            flush()
        }
        logger.info("config reloaded", metadata: ["groups": "\(newConfig.groups.keys.sorted())"])
        hooks.ready(machine.statusLine)
    }
}

/// Graceful restarts: what is handed to the next process, and how connections are paused.
extension WindowDaemon {
    /// Carries out a graceful restart the machine began (``DaemonMachine/upgradeChecked(refused:now:)``,
    /// ``DaemonMachine/restartHandOff(now:)``): stops reading, answers what was read, makes
    /// `settling`, commits, flushes every outbound queue (500 ms at most), and describes every
    /// connection for the next process. Connections stay open; their descriptors go to the next
    /// process with the state.
    func handOff(
        _ reason: DaemonLifecycle.HandOffReason,
        settling: OwnChange
    ) -> EventLoopFuture<(state: HandOffState, connections: [(fileDescriptor: Int32, name: String)])> {
        eventLoop.preconditionInEventLoop()
        if reason == .upgrade {
            hooks.reloading()
        } else {
            hooks.stopping("restarting: handing \(connections.count) connections over")
        }
        setReading(false)
        resumeHeldInput(force: true)
        changeOnItsOwn(settling)
        let daemon = NIOLoopBound(self, eventLoop: eventLoop)
        let loop = eventLoop
        let (store, logger) = (self.store, self.logger)
        return drain().flatMap {
            // The next process opens the state by its path: files removed under this one are
            // written again first (windowd(8), "State").
            let synced = loop.makePromise(of: Void.self)
            store.maintain(.sync) { result in
                if case .failure(let error) = result {
                    logger.error(
                        "cannot write the state where the next process reads it",
                        metadata: ["error": "\(error)"]
                    )
                }
                synced.succeed()
            }
            return synced.futureResult
        }.flatMap {
            let daemon = daemon.value
            daemon.flush()
            let written = daemon.connections.all.map { $0.channel.writeAndFlush(ByteBuffer()) }
            let allWritten = EventLoopFuture.whenAllComplete(written, on: loop).map { _ in }
            let bounded = loop.makePromise(of: Void.self)
            allWritten.cascade(to: bounded)
            loop.scheduleTask(in: .milliseconds(500)) { bounded.succeed() }
            return bounded.futureResult
        }.map {
            daemon.value.handOffRecords()
        }
    }

    /// Whether connections are read from (not while they are handed over or the daemon stops).
    var readsRequests: Bool { machine.lifecycle.readsRequests }

    /// An upgrade's hand-off ended without an exec: every connection is read from again unless
    /// back-pressure had paused it (its replies still pile up), each with its partial line, and
    /// the deadline is armed again. Returns what the machine says comes next.
    func handOffFailed() -> DaemonMachine.HandOffFailed {
        eventLoop.preconditionInEventLoop()
        let next = machine.handOffFailed()
        setReading(true)
        armDeadline()
        return next
    }

    /// Sets every connection to read or not: when reading again, not one back-pressure pauses
    /// (its replies still pile up).
    func setReading(_ reads: Bool) {
        for connection in connections.all { updateReading(of: connection, daemonReads: reads) }
    }

    /// Each connection's protocol state and descriptor, for the next process. Each connection
    /// keeps its partial line too, for when the hand-off is abandoned.
    func handOffRecords() -> (state: HandOffState, connections: [(fileDescriptor: Int32, name: String)]) {
        eventLoop.preconditionInEventLoop()
        var records: [HandOffState.ConnectionRecord] = []
        var descriptors: [(fileDescriptor: Int32, name: String)] = []
        for connection in connections.all.sorted(by: { $0.id.rawValue < $1.id.rawValue }) {
            // Another host's connection would come back as this host's: it closes instead.
            guard connection.host == nil, let fd = Self.descriptor(of: connection.channel) else { continue }
            let name = connection.storeName ?? storeName(for: connection.id)
            let presented = coordinator.registry.window(presentedBy: connection.id)
            let subscription = connection.subscription.record
            records.append(
                HandOffState.ConnectionRecord(
                    name: name,
                    presenting: presented?.id.rawValue,
                    phase: presented?.phase,
                    subscription: subscription.names,
                    subscribedToAll: subscription.all,
                    lastSeq: machine.numbering.last(of: connection.id),
                    partialLine: connection.framer.partialLine,
                    place: presented?.place
                )
            )
            descriptors.append((fd, name))
        }
        let state = HandOffState(generation: instance, appState: coordinator.state, connections: records)
        return (state, descriptors)
    }
}

/// Keeping the one deadline timer on the coordinator's next deadline (windowd-protocol(7), scene.setPhase; windowd-protocol(7), app.transition): the
/// session expires when its time passes, whatever the phase, and a lower aggregate is announced
/// once it has held for `app.phase_settle_ms`.
extension WindowDaemon {
    /// Moves the timer to the coordinator's next deadline, if that changed; call after a change.
    func armDeadline() {
        // Through `machine`, not `coordinator`, whose getter copies the coordinator: called per request.
        let next = machine.coordinator.nextDeadline
        guard next != deadlineTimer.deadline else { return }
        deadlineTimer.arm(for: next, now: now, on: eventLoop) { [self] in deadlineDue() }
    }

    /// The timer fired: what is due by now happens, and the timer moves to the next deadline.
    private func deadlineDue() {
        eventLoop.preconditionInEventLoop()
        deadlineTimer.fired()
        if let change = machine.deadlineDue(now: now) {
            changeOnItsOwn(change)
            armDeadline()
        }
        flush()
    }
}

/// The status line for the service manager, rate-limited by the machine (``StatusReport``).
extension WindowDaemon {
    // MARK: - Status

    /// Seconds since the daemon started.
    var uptime: Double {
        let elapsed = ContinuousClock.now - startedAt
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// What the windows, the phase or the app state show may have changed: the machine sends the
    /// status line at most once per ``DaemonMachine/statusPause``, and only when it changed.
    func scheduleStatus() {
        guard machine.statusMayHaveChanged() else { return }
        eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(DaemonMachine.statusPause)) { [self] in
            machine.statusTimerFired().map(hooks.status)
        }
    }
}

/// Reloading the config: on SIGHUP, and on `daemon.reload` from the daemon's own user or root.
extension WindowDaemon {
    /// Re-reads the config and applies it: `RELOADING=1`, the new groups and limits, then
    /// `READY=1`. A config that does not load is logged and the old one stays; its error is returned.
    ///
    /// - Parameter announce: whether to send `daemon.reloaded` now; `daemon.reload` sends it
    ///   after its reply instead, as every request's events follow its response.
    @discardableResult
    func reloadFromDisk(announce: Bool = true) -> ConfigError? {
        eventLoop.preconditionInEventLoop()
        guard let configLoader else { return nil }
        hooks.reloading()
        return applyReload(Result { () throws(ConfigError) in try configLoader() }, announce: announce)
    }

    /// SIGHUP: `RELOADING=1`, the config read and parsed off the event loop (a config file may be
    /// up to 1 MiB, which takes a moment to parse, and clients are served meanwhile), then
    /// applied on it as ``reloadFromDisk(announce:)`` applies it.
    static func reloadOffTheLoop(_ daemon: NIOLoopBound<WindowDaemon>) async {
        let loop = daemon.eventLoop
        guard
            let configLoader = try? await loop.submit({ () -> (@Sendable () throws(ConfigError) -> DaemonConfig)? in
                let daemon = daemon.value
                guard let configLoader = daemon.configLoader else { return nil }
                daemon.hooks.reloading()
                return configLoader
            }).get()
        else { return }
        let loaded: Result<DaemonConfig, ConfigError>
        do {
            loaded = try await NIOThreadPool.singleton.runIfActive {
                Result { () throws(ConfigError) in try configLoader() }
            }
        } catch {
            loaded = .failure(
                ConfigError(file: "the config", line: nil, key: nil, message: "could not be read: \(error)")
            )
        }
        _ = try? await loop.submit { daemon.value.applyReload(loaded, announce: true) }.get()
    }

    /// Applies a config read again, or keeps the old one when it did not load (logged, and its
    /// error returned); `READY=1` either way.
    @discardableResult
    func applyReload(_ loaded: Result<DaemonConfig, ConfigError>, announce: Bool) -> ConfigError? {
        eventLoop.preconditionInEventLoop()
        switch loaded {
        case .success(let config):
            reload(config, announce: announce)
            return nil
        case .failure(let error):
            logger.error("reload refused, the old config stays", metadata: ["error": "\(error)"])
            hooks.ready("reload failed: \(error)")
            return error
        }
    }

    /// `daemon.reload`: what SIGHUP does, for a connection of the daemon's own uid or of root.
    func reloadConfig(requestedBy id: ConnectionID) throws(RPCError) -> [String] {
        let uid = connections[id]?.peer.uid
        guard let uid, uid == access.ownUID || uid == 0 else {
            throw .refused(
                .forbidden,
                "only windowd's own user (uid \(access.ownUID)) or root may reload it, not uid \(uid.map(String.init) ?? "?")"
            )
        }
        logger.info("reload requested", metadata: ["uid": "\(uid)"])
        if let error = reloadFromDisk(announce: false) {
            throw RPCError(code: -32603, message: "reload refused, the old config stays: \(error)")
        }
        return coordinator.groups.keys.sorted()
    }
}
