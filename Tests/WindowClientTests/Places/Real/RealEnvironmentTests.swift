import Testing

/// The real environments, one at a time: their tests block a thread while the programs
/// start and answer, and the machine's few cooperative threads are shared with every other
/// suite of `swift test`.
@Suite("Places for real", .serialized)
struct RealEnvironmentTests {}
