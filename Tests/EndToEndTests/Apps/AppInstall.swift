import Foundation
import POSIXSupport
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Apps installed in a test's directory (windowd(8), Apps and instances): manifests in its
/// `config/windowd/apps` (the daemon's `XDG_CONFIG_HOME`), and one-shot runs of `windowd` and
/// `winctl` in an environment of the test's choosing.
enum AppInstall {
    /// Writes `text` as `APP.toml` in `directory/relative` (created), returning its path.
    @discardableResult
    static func manifest(
        _ text: String,
        app: String,
        in directory: TemporaryDirectory,
        under relative: String = "config/windowd/apps"
    ) throws -> String {
        let folder = directory.file(relative)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return try directory.write(text, to: relative + "/" + app + ".toml")
    }

    /// A manifest's text: `[app]` without a loading delay, then `groups`, each a `[groups.ID]` with its value type.
    static func text(_ groups: [(String, String)], app: [String] = []) -> String {
        (["[app]", "minimum_loading_ms = 0"] + app + groups.flatMap { ["", "[groups.\($0.0)]", "value = \"\($0.1)\""] })
            .joined(separator: "\n") + "\n"
    }

    /// How a one-shot run ended and what it wrote.
    struct Run: CustomStringConvertible {
        let termination: SpawnedProcess.Termination
        let stdout: String
        let stderr: String
        var status: Int32 { termination.exitStatus ?? -1 }
        var description: String { "\(termination)\nstdout: \(stdout)\nstderr: \(stderr)" }
    }

    /// Runs `executable arguments` with exactly the XDG and app variables of `environment` (the
    /// others of the test's own environment unset), to its end.
    static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        in directory: TemporaryDirectory
    ) throws -> Run {
        var base = SpawnedProcess.testEnvironment()
        for name in ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_DATA_DIRS", "XDG_RUNTIME_DIR", "XDG_STATE_HOME"] {
            base.removeValue(forKey: name)
        }
        base.merge(environment) { $1 }
        let name = "run-\(UInt32.random(in: 0...UInt32.max))"
        let process = try SpawnedProcess(
            executable,
            arguments,
            environment: base,
            stdout: .file(directory.file(name + ".out")),
            stderr: .file(directory.file(name + ".err"))
        )
        let termination = try process.wait(timeout: .seconds(20))
        return Run(
            termination: termination,
            stdout: directory.read(name + ".out"),
            stderr: directory.read(name + ".err")
        )
    }
}
