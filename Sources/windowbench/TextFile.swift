#if canImport(Glibc)
import Glibc
#endif

/// Small whole-file reads and the few string scans the benchmark needs outside its hot loops.
enum TextFile {
    /// The contents of `path`, or "" if it cannot be read.
    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text after the first `marker` in `text` up to the next `terminator`.
    static func value(after marker: String, in text: String, until terminator: Character) -> String? {
        guard let range = text.firstRange(of: marker) else { return nil }
        let rest = text[range.upperBound...]
        return String(rest.prefix { $0 != terminator })
    }
}
