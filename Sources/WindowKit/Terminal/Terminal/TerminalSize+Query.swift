import Glibc

extension TerminalSize {
    /// The size of the terminal on `fileDescriptor` (`TIOCGWINSZ`), or `nil` if it is none or says 0 × 0.
    public static func of(_ fileDescriptor: Int32) -> TerminalSize? {
        var size = winsize()
        guard ioctl(fileDescriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
