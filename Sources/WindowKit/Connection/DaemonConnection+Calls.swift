import NIOCore

/// Requests: awaited by the app, sent in order, answered on the event loop.
extension DaemonConnection {
    /// Sends `method` with `params` and returns its result; `onLoop` runs first, on the event
    /// loop, in the order of the wire (before any event that came after the response).
    ///
    /// Waits while the daemon is away (up to ``ConnectionOptions/reconnectFor``). Throws
    /// ``WindowKitError`` (or `CancellationError` when the task is cancelled: the request may
    /// still be carried out).
    ///
    /// The continuation is resumed on the actor, exactly once: by the answer, or by
    /// ``abandon(_:)`` when the task is cancelled, whichever takes the call out first.
    func call<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params,
        onLoop: (@Sendable (isolated DaemonConnection, Method.Result) -> Void)? = nil
    ) async throws -> Method.Result {
        let token = CallToken()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let call = PendingCall(
                    method: Method.name,
                    encode: Self.encoder(method, params),
                    token: token,
                    abandon: { continuation.resume(throwing: CancellationError()) }
                ) { connection, outcome in
                    let result = Self.decode(method, outcome)
                    if case .success(let value) = result { onLoop?(connection, value) }
                    continuation.resume(with: result.mapError { $0 })
                }
                self.assumeIsolated { $0.enqueue(call) }
            }
        } onCancel: {
            // After the job that enqueued the call, on the loop: it finds the call, unless answered.
            eventLoop.execute { self.assumeIsolated { $0.abandon(token) } }
        }
    }

    /// The caller of the call `token` stopped waiting: it gets `CancellationError` now. A call
    /// not sent yet never is; one sent may still be carried out, and its answer is dropped.
    func abandon(_ token: CallToken) {
        if let index = queued.firstIndex(where: { $0.token === token }) {
            queued.remove(at: index).abandon?()
        } else if let (id, call) = inFlight.first(where: { $0.value.token === token }) {
            inFlight[id] = nil
            call.timeout?.cancel()
            call.abandon?()
        }
    }

    /// Sends `method` without waiting, from anywhere; `completion` runs on the actor with the outcome.
    nonisolated func submit<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params,
        completion: @escaping @Sendable (isolated DaemonConnection, Result<Method.Result, WindowKitError>) -> Void
    ) {
        let call = PendingCall(method: Method.name, encode: Self.encoder(method, params)) { connection, outcome in
            completion(connection, Self.decode(method, outcome))
        }
        // A hop of its own on the loop, not a task: calls go out in the order they were made.
        eventLoop.execute { self.assumeIsolated { $0.enqueue(call) } }
    }

    /// Sends `method` on `channel` now, whatever the link (on the event loop): for
    /// re-establishing the connection. It fails rather than waits if the connection drops.
    func request<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params,
        on channel: any Channel
    ) -> EventLoopFuture<Method.Result> {
        let promise = eventLoop.makePromise(of: Method.Result.self)
        let call = PendingCall(
            method: Method.name,
            replaySafe: false,
            isRestore: true,
            encode: Self.encoder(method, params)
        ) { _, outcome in
            promise.completeWith(Self.decode(method, outcome).mapError { $0 })
        }
        write(call, on: channel)
        return promise.futureResult
    }

    /// Sends `call` if the connection is established, keeps it for later if not (on the event loop).
    func enqueue(_ call: PendingCall) {
        switch link {
        case .ready(let channel): write(call, on: channel)
        case .idle, .restoring, .waiting: queued.append(call)
        case .closed: call.complete(self, .failure(closedError))
        }
    }

    /// Writes `call` under the next id and starts its timeout (on the event loop).
    func write(_ call: PendingCall, on channel: any Channel) {
        let id = nextID
        nextID += 1
        var bytes: [UInt8]
        do {
            bytes = try call.encode(.number(id))
        } catch {
            call.complete(self, .failure(WindowKitError(.protocolViolation, "cannot encode \(call.method): \(error)")))
            return
        }
        bytes.append(0x0A)
        var call = call
        call.size = bytes.count
        call.sends += 1
        call.timeout = eventLoop.scheduleTask(in: TimeAmount(options.requestTimeout)) {
            self.assumeIsolated { $0.timedOut(id) }
        }
        inFlight[id] = call
        channel.writeAndFlush(channel.allocator.buffer(bytes: bytes), promise: nil)
    }

    /// Sends what waited for the connection (on the event loop).
    func becomeReady(_ channel: any Channel) {
        link = .ready(channel)
        outage = nil
        retry = nil
        outputs.status.set(.connected)
        let waiting = queued
        queued = []
        for call in waiting {
            write(call, on: channel)
        }
    }

    /// The daemon went away with calls unanswered: the safe ones wait to go again, the others
    /// fail (on the event loop).
    func interruptInFlight() {
        let calls = inFlight.sorted { $0.key < $1.key }.map(\.value)
        inFlight = [:]
        var again: [PendingCall] = []
        for var call in calls {
            call.timeout?.cancel()
            call.timeout = nil
            if call.replaySafe && !call.isRestore && call.sends < PendingCall.maximumSends {
                again.append(call)
            } else {
                let message =
                    "windowd at \(options.socketPath) went away before answering \(call.method); it may or may not have been carried out"
                call.complete(self, .failure(WindowKitError(.interrupted, message)))
            }
        }
        queued = again + queued
    }

    private func timedOut(_ id: Int64) {
        guard let call = inFlight.removeValue(forKey: id) else { return }
        let message = "windowd at \(options.socketPath) did not answer \(call.method) within \(options.requestTimeout)"
        call.complete(self, .failure(WindowKitError(.timedOut, message)))
    }

    static func encoder<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params
    ) -> @Sendable (RequestID) throws -> [UInt8] {
        { id in try JSONWriter.bytes(RPCRequest(id: id, method: Method.name, params: params)) }
    }

    static func decode<Method: RPCMethod>(
        _ method: Method.Type,
        _ outcome: Result<JSONValue, WindowKitError>
    ) -> Result<Method.Result, WindowKitError> {
        outcome.flatMap { value in
            do {
                return .success(try JSONValueDecoder().decode(Method.Result.self, from: value))
            } catch {
                return .failure(
                    WindowKitError(
                        .protocolViolation,
                        "windowd carried out \(Method.name), but its result does not decode (a windowd of another version?): \(error)"
                    )
                )
            }
        }
    }
}
