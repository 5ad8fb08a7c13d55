import Logging
import WindowCore
import WindowProtocol
import NIOCore

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
        do throws(ConfigError) {
            reload(try configLoader(), announce: announce)
            return nil
        } catch {
            logger.error("reload refused, the old config stays", metadata: ["error": "\(error)"])
            hooks.ready("reload failed: \(error)")
            return error
        }
    }

    /// `daemon.reload`: what SIGHUP does, for a connection of the daemon's own uid or of root.
    func reloadConfig(requestedBy id: ConnectionID) throws(RPCError) -> [String] {
        let uid = connections[id]?.peer.uid
        guard let uid, uid == access.ownUID || uid == 0 else {
            throw .refused(.forbidden, "only windowd's own user (uid \(access.ownUID)) or root may reload it, not uid \(uid.map(String.init) ?? "?")")
        }
        logger.info("reload requested", metadata: ["uid": "\(uid)"])
        if let error = reloadFromDisk(announce: false) {
            throw RPCError(code: -32603, message: "reload refused, the old config stays: \(error)")
        }
        return coordinator.groups.keys.sorted()
    }
}
