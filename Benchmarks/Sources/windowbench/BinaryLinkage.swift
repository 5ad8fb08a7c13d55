import POSIXSupport

#if canImport(Glibc)
import Glibc
#endif

/// How an executable is linked, for the label of its start-up row: a static executable (no
/// `PT_INTERP`), else whether `ldd` finds the Swift runtime as a shared library.
enum BinaryLinkage {
    /// `static executable`, `dynamic Swift runtime` or `--static-swift-stdlib`.
    static func label(of path: String, scratch directory: String) -> String {
        guard hasInterpreter(path) else { return "static executable" }
        let log = "\(directory)/ldd.txt"
        unlink(log)
        _ = try? ChildProcess("ldd", [path], environment: ["PATH=/usr/bin:/bin"], log: log).wait(timeout: .seconds(10))
        return TextFile.read(log).contains("libswiftCore.so") ? "dynamic Swift runtime" : "--static-swift-stdlib"
    }

    /// Whether the ELF file at `path` names a dynamic loader (a `PT_INTERP` program header).
    private static func hasInterpreter(_ path: String) -> Bool {
        guard let file = fopen(path, "r") else { return true }
        defer { fclose(file) }
        var header = [UInt8](repeating: 0, count: 64)
        guard fread(&header, 1, 64, file) == 64, header[0...3] == [0x7F, 0x45, 0x4C, 0x46], header[4] == 2 else {
            return true
        }
        func integer(_ bytes: ArraySlice<UInt8>) -> Int { bytes.reversed().reduce(0) { $0 << 8 | Int($1) } }
        let (offset, size, count) = (
            integer(header[0x20..<0x28]), integer(header[0x36..<0x38]), integer(header[0x38..<0x3A])
        )
        var entry = [UInt8](repeating: 0, count: size)
        for index in 0..<count {
            guard fseek(file, offset + index * size, SEEK_SET) == 0, fread(&entry, 1, size, file) == size else {
                return true
            }
            if integer(entry[0..<4]) == 3 { return true }  // PT_INTERP
        }
        return false
    }
}
