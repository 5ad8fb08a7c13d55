import WindowFuzzing

/// libFuzzer's entry for `tomlfuzz`: one input is a whole `windowd.toml`, given to the TOML
/// parser and the config loader. A broken invariant stops the run with the input saved, like a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let violations = TOMLInvariants.check(bytes)
    if !violations.isEmpty {
        fatalError("invariant broken:\n" + violations.joined(separator: "\n"))
    }
    return 0
}
