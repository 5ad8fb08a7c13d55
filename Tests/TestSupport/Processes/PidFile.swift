/// A command that writes its pid to a file, then becomes `argv`: how a test learns the pid of
/// a program some other program (a window manager, a terminal) started for it.
package enum PidFile {
    /// `sh -c 'echo $$ > FILE; exec "$@"' sh ARGV…`
    package static func command(writing file: String, then argv: [String]) -> [String] {
        ["sh", "-c", "echo $$ > '\(file)'; exec \"$@\"", "sh"] + argv
    }

    /// The pid in `name` of `directory`, once it has been written.
    package static func pid(_ name: String, in directory: TemporaryDirectory, within seconds: Double = 10) throws -> Int32 {
        guard let pid = Poll.until(within: seconds, { Int32(directory.read(name).split(separator: "\n").first ?? "") }) else {
            throw TestFailure("\(name) was never written: the program did not start")
        }
        return pid
    }
}
