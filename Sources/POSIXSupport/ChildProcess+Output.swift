import Glibc

extension ChildProcess {
    /// Runs `arguments` to its end with its standard output captured (standard input and error
    /// on `/dev/null`); what it printed and how it ended.
    package static func output(
        _ arguments: [String],
        environment: [String: String]? = nil
    ) throws(SpawnFailure) -> (bytes: [UInt8], termination: ProcessTermination) {
        let ends: PipeEnds
        do {
            ends = try PipeEnds()
        } catch {
            throw .refused(error)
        }
        let child: ChildProcess
        do {
            child = try ChildProcess(arguments, environment: environment, stdout: .descriptor(ends.write))
        } catch {
            close(ends.read)
            close(ends.write)
            throw error
        }
        close(ends.write)
        let bytes = (try? WholeFile.read(descriptor: ends.read)) ?? []
        close(ends.read)
        return (bytes, child.wait())
    }
}
