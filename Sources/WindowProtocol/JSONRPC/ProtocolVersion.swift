/// The wire protocol version spoken by this build (windowd-protocol(7)).
public enum ProtocolVersion {
    /// Version 1: JSON-RPC 2.0, one object per line.
    public static let current = 1
    /// Every version this build speaks; `hello` refuses others.
    public static let supported = [current]
    /// The version string of windowd and winctl.
    public static let software = "0.2.0"
}
