package import WindowProtocol

/// What a request may read and change besides its params: the daemon implements it with its
/// event loop, connections and store; the fuzzer and the benchmarks with plain values in memory.
///
/// The context owns the app-state controller; a request asks it to lend the controller for the
/// one call (``change(_:)``, ``read(_:)``) rather than reading it out and writing it back, so
/// that the owner decides what a change means (the daemon's rollback point, its event loop) and
/// the controller, a large value, is changed in place.
package protocol DispatchContext: AnyObject {
    /// Lends the app-state controller to `body` to change it, with the source of the ids of the
    /// windows it opens; returns what `body` returned.
    func change<Result, Failure: Error>(
        _ body: (inout SceneCoordinator, inout WindowIDSource) throws(Failure) -> Result
    ) throws(Failure) -> Result
    /// Lends the app-state controller to `body` to read it; returns what `body` returned.
    func read<Result, Failure: Error>(_ body: (SceneCoordinator) throws(Failure) -> Result) throws(Failure) -> Result
    /// Wall-clock time, seconds since the Unix epoch.
    var now: Double { get }
    /// Seconds since the daemon started.
    var uptime: Double { get }
    /// Connected clients.
    var clientCount: Int { get }
    /// Subscribes `connection` to `types` (all when `nil`); returns the `seq` before the subscription.
    func subscribe(_ connection: ConnectionID, to types: Set<EventName>?) -> UInt64
    /// Re-reads the config and applies it as SIGHUP does, if `connection` may ask for that (the
    /// daemon's own uid or root; else `forbidden`); returns the ids of the groups now in force.
    /// The caller announces `daemon.reloaded`.
    func reloadConfig(requestedBy connection: ConnectionID) throws(RPCError) -> [String]
    /// The app served (windowd(8), Apps and instances), named in `hello`; `nil` for the default app.
    var app: AppID? { get }
    /// The process at the other end of `connection`, as it is told apart after a restart.
    func process(of connection: ConnectionID) -> PresenterProcess?
    /// What a presenter's process kept from before a restart is now.
    func state(of process: PresenterProcess) -> PresenterProcess.State
    /// The host `connection` came from, by the socket it came through; `nil` for this one.
    func host(of connection: ConnectionID) -> String?
    /// The path of `host`'s socket, made or reused, kept while `connection` is open; `place`,
    /// where `connection`'s terminal is, holds the host's places from then on.
    func hostSocket(_ host: String, at place: Place?, for connection: ConnectionID) throws(RPCError) -> String
    /// The place that holds `host`'s places: where its `winctl ssh` runs.
    func outerPlace(ofHost host: String) -> Place?
}

extension DispatchContext {
    /// The default app, unless the context says otherwise.
    package var app: AppID? { nil }
    /// Not known: no process is awaited after a restart.
    package func process(of connection: ConnectionID) -> PresenterProcess? { nil }
    /// This host: no other host's socket is served.
    package func host(of connection: ConnectionID) -> String? { nil }
    /// Refused: only the daemon listens on sockets.
    package func hostSocket(_ host: String, at place: Place?, for connection: ConnectionID) throws(RPCError) -> String {
        throw .invalidParams("no socket is made for \(host) here")
    }
    /// None: no other host is served.
    package func outerPlace(ofHost host: String) -> Place? { nil }
    /// Gone, where processes cannot be read.
    package func state(of process: PresenterProcess) -> PresenterProcess.State { .gone }
}
