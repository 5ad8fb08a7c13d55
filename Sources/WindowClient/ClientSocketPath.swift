import Glibc
public import WindowProtocol

extension SocketPath {
    /// The socket path a client uses: `explicit` if given, else `app`'s socket, else the
    /// environment's choice (windowd(8), Socket and access; windowd(8), Apps and instances, ``resolve(socket:app:environment:uid:)``).
    ///
    /// - Throws: an `app` or `$WINDOWD_APP` that is not an app id.
    public static func forClient(explicit: String?, app: String? = nil) throws(AppID.Invalid) -> String {
        let app = try app.map { text throws(AppID.Invalid) in try AppID(validating: text) }
        return try resolve(socket: explicit, app: app, environment: processEnvironment(), uid: getuid())
    }
}
