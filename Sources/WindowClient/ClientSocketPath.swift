#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import WindowProtocol

extension SocketPath {
    /// The socket path a client uses: `explicit` if given, else the default of SPEC section 7
    /// from this process's environment.
    public static func forClient(explicit: String?) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        var environment: [String: String] = [:]
        for key in ["WINDOWD_SOCKET", "XDG_RUNTIME_DIR"] {
            if let value = getenv(key) { environment[key] = String(cString: value) }
        }
        return resolveDefault(environment: environment, uid: getuid())
    }
}
