import WindowFuzzing

/// libFuzzer's entry: one input is a connection's byte stream against a fresh daemon core.
/// A broken invariant stops the run with the input saved, like a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let session = FuzzSession()
    let violations = session.run(bytes)
    if !violations.isEmpty {
        fatalError("invariant broken:\n" + violations.joined(separator: "\n"))
    }
    return 0
}
