/// Where the daemon's socket is when nobody says otherwise (SPEC section 7).
public enum SocketPath {
    /// `$WINDOWD_SOCKET`, else `$XDG_RUNTIME_DIR/windowd/windowd.sock`, else
    /// `/run/windowd/windowd.sock` for root, else `/tmp/windowd-$UID/windowd.sock`.
    public static func resolveDefault(environment: [String: String], uid: UInt32) -> String {
        if let explicit = environment["WINDOWD_SOCKET"], !explicit.isEmpty {
            return explicit
        }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty {
            return runtime + "/windowd/windowd.sock"
        }
        if uid == 0 {
            return "/run/windowd/windowd.sock"
        }
        return "/tmp/windowd-\(uid)/windowd.sock"
    }
}
