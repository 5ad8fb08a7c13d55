#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowClient
import WindowProtocol
import WindowTerminal

/// The daemon's side of the presenter: events, and attaching again after losing it.
extension TerminalPresenter {
    /// Handles the events already read with a reply: the socket would not wake `poll` for them.
    func drainEvents() -> PresenterEnding? {
        while let connection = link.connection, connection.hasPendingEvent {
            if let ending = handleEvent() { return ending }
        }
        return nil
    }

    /// Reads one event and applies it; a dropped connection starts the retries.
    func handleEvent() -> PresenterEnding? {
        guard let connection = link.connection else { return nil }
        let next: (event: EventMessage, line: [UInt8])?
        do {
            next = try connection.nextEvent()
        } catch .malformed {
            return nil  // One line that is not the protocol: skip it, the stream goes on.
        } catch {
            lost()
            return nil
        }
        guard let (event, line) = next else {
            lost()
            return nil
        }
        let current = event.seq > link.subscribedAfter
        if current, sequence.accept(event.seq) != nil {
            // Missed events: start again from a fresh snapshot.
            if let snapshot = try? link.subscribe() { model.adopt(snapshot) }
            sequence = EventSequence(after: link.subscribedAfter)
        }
        switch EventName(rawValue: event.name) {
        case .windowDismiss?:
            if let dismiss = try? connection.payload(WindowDismissEvent.self, of: line), dismiss.window.id == link.windowID {
                return .dismissed(dismiss.window, dismiss.reason)
            }
        case .windowFocus?:
            if let focus = try? connection.payload(WindowEvent.self, of: line), focus.window.id == link.windowID {
                front.perform(for: focus.window, on: terminal)
                model.highlighted = true
                highlightEnds = ContinuousClock.now + TerminalPresenter.highlightDuration
            }
        case .daemonRestarted?:
            if let restarted = try? connection.payload(DaemonRestartedEvent.self, of: line), restarted.resync {
                return reattachNow()
            }
        case .daemonStopping?:
            model.link = .stopping
        case .appState? where current:
            if let change = try? connection.payload(AppStateEvent.self, of: line) { model.state = change.state }
        case .scenePhase? where current:
            if let change = try? connection.payload(ScenePhaseEvent.self, of: line) { model.aggregate = change.phase }
        case .windowOpened? where current, .windowPhase? where current:
            if let change = try? connection.payload(WindowEvent.self, of: line) { model.update(change.window) }
        case .windowClosed? where current:
            if let change = try? connection.payload(WindowEvent.self, of: line) { model.remove(change.window) }
        default:
            break
        }
        return nil
    }

    /// Attaches again over the same connection, after a restart that lost its state.
    func reattachNow() -> PresenterEnding? {
        do {
            let (result, snapshot) = try link.reattach(phase: phases.phase)
            adopt(result, snapshot)
        } catch .refused(let error) {
            return .failed(.refused(error))
        } catch {
            lost()
        }
        return nil
    }

    /// Takes a (re-)attach and its subscription; stores the panel again if the daemon lost it.
    func adopt(_ result: WindowAttach.Result, _ snapshot: EventsSubscribe.Snapshot) {
        let panel = model.panel
        model.adopt(result)
        model.adopt(snapshot)
        sequence = EventSequence(after: link.subscribedAfter)
        // A daemon that lost the window's storage gets the panel back from here.
        if Panel(storage: result.storage) == nil, panel != .windows {
            model.panel = panel
            storePanel()
        }
    }

    /// The connection dropped: show it and start retrying.
    func lost() {
        link.disconnect()
        guard outage == nil else { return }
        var backoff = ReconnectBackoff(giveUp: giveUp)
        let now = ContinuousClock.now
        outage = Outage(since: now, backoff: backoff, nextTry: now + backoff.nextDelay())
        model.link = .reconnecting(attempt: 0, gone: .zero, giveUp: giveUp)
    }

    /// Ends the highlight and retries the daemon when their time has come.
    func tick() -> PresenterEnding? {
        let now = ContinuousClock.now
        if let highlightEnds, now >= highlightEnds {
            self.highlightEnds = nil
            model.highlighted = false
        }
        guard var outage else { return nil }
        let gone = now - outage.since
        if outage.backoff.hasGivenUp(after: gone) { return .gaveUp(path: link.path, gone: gone) }
        model.link = .reconnecting(attempt: outage.backoff.attempts, gone: gone, giveUp: giveUp)
        guard now >= outage.nextTry else { return nil }
        do {
            let (result, snapshot) = try link.reattach(phase: phases.phase)
            self.outage = nil
            adopt(result, snapshot)
        } catch .unreachable, .disconnected, .timedOut {
            link.disconnect()
            outage.nextTry = ContinuousClock.now + outage.backoff.nextDelay()
            model.link = .reconnecting(attempt: outage.backoff.attempts, gone: gone, giveUp: giveUp)
            self.outage = outage
        } catch {
            return .failed(error)
        }
        return nil
    }
}
