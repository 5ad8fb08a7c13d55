#if canImport(Glibc)
import Glibc
#endif

/// A command that writes its pid to a file, then becomes `argv`: how a test learns the pid of
/// a program some other program (a window manager, a terminal) started for it.
package enum PidFile {
    /// `sh -c 'echo $$ > FILE; exec "$@"' sh ARGV…`
    package static func command(writing file: String, then argv: [String]) -> [String] {
        ["sh", "-c", "echo $$ > '\(file)'; exec \"$@\"", "sh"] + argv
    }

    /// Writes `NAME.sh` in `directory`: an executable script that writes its pid to `NAME.pid`,
    /// then becomes `argv`. For a window manager's `exec`, whose parser would split a command line
    /// at `;` and `,`. Its path.
    package static func script(_ name: String, in directory: TemporaryDirectory, then argv: [String]) throws -> String {
        let text =
            "#!/bin/sh\necho $$ > '\(directory.file(name + ".pid"))'\nexec "
            + argv.map { "'\($0)'" }.joined(separator: " ") + "\n"
        let script = try directory.write(text, to: name + ".sh")
        guard chmod(script, 0o755) == 0 else { throw TestFailure.system("chmod \(script)") }
        return script
    }

    /// The pid in `name` of `directory`, once it has been written.
    package static func pid(
        _ name: String,
        in directory: TemporaryDirectory,
        within seconds: Double = 10
    ) throws -> Int32 {
        guard let pid = Poll.until(within: seconds, { Int32(directory.read(name).split(separator: "\n").first ?? "") })
        else {
            throw TestFailure("\(name) was never written: the program did not start")
        }
        return pid
    }
}
