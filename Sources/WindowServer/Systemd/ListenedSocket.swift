/// A listening socket that the service manager passed to the daemon (socket activation).
package struct ListenedSocket: Sendable, Hashable {
    /// The open file descriptor, starting at `SD_LISTEN_FDS_START` (3); close-on-exec is set.
    package let fileDescriptor: Int32

    /// The name from `LISTEN_FDNAMES` (a socket unit's `FileDescriptorName=`, by default its unit name), or `unknown`.
    package let name: String

    /// Creates a value naming an already-open listening descriptor.
    package init(fileDescriptor: Int32, name: String) {
        self.fileDescriptor = fileDescriptor
        self.name = name
    }
}
