import Logging
import NIOCore
import NIOPosix
import WindowEngine
import WindowProtocol

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
