#if canImport(Glibc)
import Glibc
import POSIXSupport
#endif

/// Restarts with presenters and subscribers attached, as the clients see them.
extension WindowdSuite {
    /// The longest pause of a graceful restart through the fd store and through SIGUSR2, and the
    /// time until every presenter is back after a crash; each the median of ``restartRounds``.
    func restarts(progress: (String) -> Void) throws(BenchError) -> [BenchRow] {
        let request = Array((#"{"jsonrpc":"2.0","id":1,"method":"app.state"}"# + "\n").utf8)
        let shape = String(presenters + restartSubscribers)

        // (a) and (c): windowd under a service manager with an fd store, played by the bench.
        let configured = try WindowdInstance(binary: windowd, directory: directory, name: "restart")
        let manager = try PlayedServiceManager(notifyPath: "\(directory)/restart.manager")
        let arguments = ["--config", configured.configPath, "--log-level", "warning"]
        let log = "\(directory)/restart.log"
        try manager.start(windowd, arguments, log: log)
        try manager.waitForReady()
        let clients = try RestartClients(
            path: configured.socketPath,
            presenters: presenters,
            subscribers: restartSubscribers
        )
        try manager.waitForStoredConnections(clients.count)
        var graceful: [UInt64] = []
        for round in 1...restartRounds {
            guard let pid = manager.process?.pid else { throw .failed("no windowd under the played service manager") }
            let timeline = RestartTimeline()
            var started = false
            let outcome = try clients.measurePause(
                request: request,
                restart: {
                    timeline.begin()
                    kill(pid, SIGTERM)
                },
                turn: { () throws(BenchError) in
                    if try manager.restartTurn(windowd, arguments, log: log) {
                        started = true
                        timeline.mark("old exited, new started")
                    }
                    if started && manager.readyAt != nil { timeline.mark("READY=1") }
                }
            )
            try Self.check(outcome, "fd-store restart")
            try manager.waitForReady()
            try Self.expectAttached(presenters, at: configured.socketPath)
            progress(
                "7: fd-store restart \(round)/\(restartRounds): \(timeline.text), every client served \(NumberText.duration(outcome.everyoneServed)); "
                    + "longest pause \(NumberText.duration(outcome.longest)) (clients p50 \(NumberText.duration(outcome.pauses.p50)))"
            )
            graceful.append(outcome.longest)
        }
        var crashes: [UInt64] = []
        for round in 1...restartRounds {
            manager.receive()
            guard let pid = manager.process?.pid else { throw .failed("no windowd under the played service manager") }
            let timeline = RestartTimeline()
            var started = false
            let outcome = try clients.measureReattach(
                crash: {
                    timeline.begin()
                    kill(pid, SIGKILL)
                },
                turn: { () throws(BenchError) in
                    if try manager.restartTurn(windowd, arguments, log: log) {
                        started = true
                        timeline.mark("killed one reaped, new started")
                    }
                    if started && manager.readyAt != nil { timeline.mark("READY=1") }
                }
            )
            if outcome.errors > 0 || outcome.notResynced > 0 {
                throw .failed(
                    "crash restart: \(outcome.errors) re-attach errors, \(outcome.notResynced) clients not told to resync"
                )
            }
            try Self.expectAttached(presenters, at: configured.socketPath)
            progress(
                "7: crash \(round)/\(restartRounds): \(timeline.text), every presenter re-attached \(NumberText.duration(outcome.lastPresenter)), "
                    + "every subscriber re-subscribed \(NumberText.duration(outcome.lastSubscriber))"
            )
            crashes.append(outcome.lastPresenter)
        }

        // (b): SIGUSR2, windowd execs itself in place (no service manager needed).
        let upgrading = try WindowdInstance(binary: windowd, directory: directory, name: "upgrade")
        try upgrading.start()
        defer { upgrading.stop() }
        let upgradeClients = try RestartClients(
            path: upgrading.socketPath,
            presenters: presenters,
            subscribers: restartSubscribers
        )
        var upgrades: [UInt64] = []
        for round in 1...restartRounds {
            guard let pid = upgrading.process?.pid else { throw .failed("windowd is not running") }
            let outcome = try upgradeClients.measurePause(request: request, restart: { kill(pid, SIGUSR2) }, turn: {})
            try Self.check(outcome, "SIGUSR2 upgrade")
            try Self.expectAttached(presenters, at: upgrading.socketPath)
            progress(
                "7: SIGUSR2 upgrade \(round)/\(restartRounds): every client served \(NumberText.duration(outcome.everyoneServed)); "
                    + "longest pause \(NumberText.duration(outcome.longest)) (clients p50 \(NumberText.duration(outcome.pauses.p50)))"
            )
            upgrades.append(outcome.longest)
        }

        return [
            Self.row("graceful restart (fd store): longest pause", shape, graceful, target: 100),
            Self.row("graceful restart (SIGUSR2): longest pause", shape, upgrades, target: 100),
            Self.row("crash (kill -9): every presenter re-attached", shape, crashes, target: 300),
        ]
    }

    /// The median of `times` with their range and the target beside it.
    private static func row(_ label: String, _ shape: String, _ times: [UInt64], target milliseconds: Int) -> BenchRow {
        let sorted = times.sorted()
        let median = Double(sorted[sorted.count / 2]) / 1e6
        let range = "\(NumberText.duration(sorted.first ?? 0))–\(NumberText.duration(sorted.last ?? 0))"
        return BenchRow(
            item: 7,
            shape: shape,
            windowd: .scalar(label, median, "ms"),
            remark: "target ≤ \(milliseconds) ms; median of \(times.count), runs \(range)"
        )
    }

    private static func check(_ outcome: RestartClients.PauseOutcome, _ what: String) throws(BenchError) {
        if outcome.errors > 0 || outcome.resynced > 0 {
            throw .failed(
                "\(what): \(outcome.errors) error replies, \(outcome.resynced) clients told to resync (their state was lost)"
            )
        }
    }

    /// Checks on a new connection that `count` windows have their presenter.
    private static func expectAttached(_ count: Int, at path: String) throws(BenchError) {
        let probe = try UnixSocket.connect(path, retryMilliseconds: 5_000)
        defer { close(probe) }
        let status = try UnixSocket.call(probe, #"{"jsonrpc":"2.0","id":1,"method":"daemon.status"}"#)
        guard
            TextFile.value(after: #""attached":"#, in: status, until: ",").map({ String($0.prefix { $0.isNumber }) })
                == String(count)
        else {
            throw .failed("after the restart windowd reports \(status), expected \(count) attached")
        }
    }
}
