import NIOCore
import WindowEngine

/// A connection's output buffer takes response lines straight from the router's outcome.
extension ByteBuffer: ResponseSink {
    /// Appends `bytes` (``ResponseSink``).
    package mutating func append(bytes: [UInt8]) { writeBytes(bytes) }
    /// Appends one byte (``ResponseSink``).
    package mutating func append(byte: UInt8) { writeInteger(byte) }
}
