import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Where the binaries under test and the package's files are.
package enum Binaries {
    /// The build directory: the one holding this test bundle, next to `windowd` and `winctl`.
    package static let buildDirectory: String = {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return (executable as NSString).deletingLastPathComponent
    }()

    /// `$WINDOWD_BIN`, else `windowd` in the build directory.
    package static var windowd: String { override("WINDOWD_BIN") ?? buildDirectory + "/windowd" }

    /// `$WINCTL_BIN`, else `winctl` in the build directory.
    package static var winctl: String { override("WINCTL_BIN") ?? buildDirectory + "/winctl" }

    /// `winctl-attach`, the presenter `winctl attach` execs, next to ``winctl``.
    package static var winctlAttach: String { (winctl as NSString).deletingLastPathComponent + "/winctl-attach" }

    /// `orders`, the example app, in the build directory.
    package static var orders: String { buildDirectory + "/orders" }
    /// `notes`, the other example app, in the build directory.
    package static var notes: String { buildDirectory + "/notes" }

    /// The package root, found from this source file's place in `Tests/TestSupport/Daemon`.
    package static let packageRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    private static func override(_ name: String) -> String? {
        guard let value = ProcessInfo.processInfo.environment[name], !value.isEmpty else { return nil }
        return value
    }
}
