import Logging
import NIOCore
import WindowEngine
import WindowProtocol

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
            let (_, effects) = changeOnItsOwn(.discardRestoredSession(now: now))
            perform(effects)
            flush()
        }
        reportReady()
        machine.sessionJudged(verdict).map(finishLoading)
    }

    /// Leaves `loading`: `authenticated(user)` when the stored session is still valid, else
    /// `unauthenticated`; then the requests that waited for it are handled, in order.
    private func finishLoading(_ verdict: SessionValidator.Verdict) {
        let (_, effects) = changeOnItsOwn(
            .finishLoading(storedSession: storedSession, rejected: verdict == .invalid, now: now)
        )
        perform(effects)
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
