import NIOCore

/// What comes from the daemon: responses to their calls, events into the outputs.
extension DaemonConnection {
    /// Takes one line from `channel` (on the event loop).
    func receive(line: ByteBuffer, on channel: any Channel) {
        guard isCurrent(channel) else { return }
        let incoming: Incoming
        do {
            let value = try line.withUnsafeReadableBytes { bytes in try JSONParser.parse(bytes) }
            incoming = try Incoming(value)
        } catch {
            // One line that is not the protocol (the rest of a line cut by a crash, say): the stream goes on.
            return
        }
        switch incoming {
        case .response(nil, .failure(let error)) where error.reason == .limitExceeded:
            // A line over the daemon's max_message_bytes, refused without its id (the daemon
            // skips it and reads on): it is the largest one in flight. It must not be sent again.
            guard let (id, call) = inFlight.max(by: { $0.value.size < $1.value.size }) else { return }
            inFlight[id] = nil
            call.timeout?.cancel()
            call.complete(self, .failure(.refused(error)))
        case .response(let id, let outcome):
            guard case .number(let number)? = id, let call = inFlight.removeValue(forKey: number) else { return }
            call.timeout?.cancel()
            call.complete(self, outcome.mapError(WindowKitError.refused))
        case .event(let message):
            handle(message, on: channel)
        }
    }

    /// Takes one event: checks its `seq`, updates what this side knows, publishes it.
    private func handle(_ sent: EventMessage, on channel: any Channel) {
        let message = sent.keepingValue { id in
            model.windows[id]?.value ?? (presenter?.window.id == id ? presenter?.window.value : nil)
        }
        // A seq at or below the last starts a new count (a crash lost the old one): no gap.
        let missed = lastSeq > 0 && message.seq > lastSeq + 1
        lastSeq = message.seq
        outputs.messages.send(message)
        guard let event = try? EventDecoding.appEvent(message) else { return }
        model.apply(event)
        switch event {
        case .windowOpened, .windowClosed, .windowPhase, .windowFocus: publishModel(windows: true)
        default: publishModel(windows: false)
        }
        applyToPresenter(event)
        if case .windowFocus(let window) = event, window.id == presenter?.window.id,
            case .array(let request)? = message.params["request"]
        {
            outputs.requests.send(request.compactMap { if case .string(let text) = $0 { text } else { nil } })
        }
        outputs.events.send(event)
        if case .daemonRestarted(resync: true) = event {
            restore(on: channel, reason: .resync)
        } else if missed, subscribes, case .ready(let current) = link {
            // Events were lost: a fresh snapshot says where things are.
            request(EventsSubscribe.self, EventsSubscribe.Params(), on: current).whenSuccess { result in
                self.assumeIsolated { $0.adoptSubscription(result) }
            }
        }
    }

    /// What an event means to the presented window.
    private func applyToPresenter(_ event: AppEvent) {
        guard let role = presenter else { return }
        switch event {
        case .windowOpened(let window), .windowPhase(let window), .windowClosed(let window):
            if window.id == role.window.id { updatePresented(window) }
        case .windowFocus(let window):
            guard window.id == role.window.id else { return }
            updatePresented(window)
            // The author writes nothing for this (winctl(1), Attached terminals): the scene comes to front
            // at the place it attached from; `focusRequests` is for what the view shows.
            if let place = role.place { PlaceFront.bringToFront(place) }
            outputs.focusRequests.send(FocusRequest(window: window))
        case .windowDismiss(let window, let reason):
            guard window.id == role.window.id else { return }
            // Asked to quit, the presenter still presents until its program ends.
            guard reason != .quit else { return outputs.dismissals.send(Dismissal(window: window, reason: reason)) }
            endPresenting(Dismissal(window: window, reason: reason))
        default:
            break
        }
    }

    /// The presented window as it is now.
    func updatePresented(_ window: WindowInfo) {
        presenter?.window = window
        outputs.presented.set(window)
        outputs.phase.set(window.phase)
    }

    /// The window is no longer presented here, for `dismissal`'s reason.
    func endPresenting(_ dismissal: Dismissal) {
        presenter = nil
        outputs.phase.set(.background)
        outputs.dismissals.send(dismissal)
    }

    /// Publishes the app state, the aggregate and (if they may have changed) the windows.
    func publishModel(windows: Bool) {
        outputs.appState.set(model.state)
        outputs.aggregate.set(model.aggregate)
        if windows { outputs.windows.set(model.windowList) }
    }

    /// Takes a subscription's snapshot: everything is as it says, events go on after its `seq`.
    func adoptSubscription(_ result: EventsSubscribe.Result) {
        model.adopt(result.snapshot)
        lastSeq = result.seq
        publishModel(windows: true)
        if let role = presenter, let window = model.windows[role.window.id] { updatePresented(window) }
    }

    /// Takes an attach (the first, or again after a restart, when `previous` is the role before).
    func adoptAttach(_ result: WindowAttach.Result, previous: PresenterRole?, on channel: any Channel) {
        presenter = PresenterRole(window: result.window, place: result.window.place ?? previous?.place)
        model.state = result.state
        model.aggregate = result.phase
        model.update(result.window)
        publishModel(windows: true)
        updatePresented(result.window)
        guard let previous else {
            outputs.storage.replace(with: result.storage)
            if let request = result.request { outputs.requests.send(request) }
            return
        }
        let lost = outputs.storage.adoptReattached(result.storage, sameWindow: previous.window.id == result.window.id)
        for (key, value) in lost.sorted(by: { $0.key < $1.key }) {
            let params = StorageSet.Params(id: result.window.id, key: key, value: value)
            request(StorageSet.self, params, on: channel).whenSuccess { self.outputs.storage.replace(with: $0.storage) }
        }
    }
}
