import Glibc
import POSIXSupport

/// Reads a config file's bytes, whatever they are: never blocks on a FIFO, never reads a
/// device or a huge file without end.
enum ConfigFile {
    /// A config is a few kilobytes; anything past this is not one.
    static let maximumBytes = 1 << 20

    /// The bytes of the regular file at `path`; a failure says why and then `advice`.
    static func contents(
        of path: String,
        advice: String = "check the path given to --config"
    ) throws(ConfigError) -> [UInt8] {
        func failure(_ what: String) -> ConfigError {
            ConfigError(file: path, line: nil, key: nil, message: "cannot read the file (\(what)); \(advice)")
        }
        // O_NONBLOCK: opening a FIFO with no writer must not hang start-up or a reload.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw failure(String(cString: strerror(errno))) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw failure("it is not a regular file") }
        let bytes: [UInt8]
        do {
            bytes = try WholeFile.read(descriptor: fd, limit: maximumBytes)
        } catch {
            throw failure(error.reason)
        }
        guard bytes.count <= maximumBytes else {
            throw failure("it is larger than \(maximumBytes / 1024) KiB, where a config is a few kilobytes")
        }
        return bytes
    }
}
