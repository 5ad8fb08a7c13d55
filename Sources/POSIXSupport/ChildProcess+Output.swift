#if canImport(Glibc)
import Glibc
#endif
import CGlibcExtensions

extension ChildProcess {
    /// Runs `arguments` to its end with its standard output captured (standard input and error
    /// on `/dev/null`); what it printed and how it ended.
    package static func output(
        _ arguments: [String], environment: [String: String]? = nil
    ) throws(SpawnFailure) -> (bytes: [UInt8], termination: ProcessTermination) {
        var ends: [Int32] = [-1, -1]
        guard windowd_pipe_cloexec(&ends) == 0 else { throw .refused(SystemCallError(call: "pipe2", errno: errno)) }
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments, environment: environment, stdout: .descriptor(ends[1]))
        } catch {
            close(ends[0])
            close(ends[1])
            throw error
        }
        close(ends[1])
        let bytes = (try? WholeFile.read(descriptor: ends[0])) ?? []
        close(ends[0])
        return (bytes, child.wait())
    }
}
