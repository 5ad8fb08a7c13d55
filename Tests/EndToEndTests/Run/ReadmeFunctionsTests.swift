import Foundation
import TestSupport
import Testing

/// The set-up README.md gives for "Any program as a window", as a user follows it: the editor
/// app installed, then `eval "$(winctl init bash)"`.
@Suite("The README's set-up: eval \"$(winctl init bash)\"", .timeLimit(.minutes(1)))
struct ReadmeFunctionsTests {
    @Test(
        "winctl init prints a function for each command the installed editor app wraps; the README's line defines them, and each calls winctl wrap with the arguments as typed"
    )
    func functions() throws {
        let readme = try String(contentsOfFile: Binaries.packageRoot + "/README.md", encoding: .utf8)
        let line = #"eval "$(winctl init bash)""#
        #expect(readme.contains("```sh\n" + line))
        let directory = try TemporaryDirectory()
        let manifest = try String(
            contentsOfFile: Binaries.packageRoot + "/Examples/editor/editor.toml",
            encoding: .utf8
        )
        try AppInstall.manifest(manifest, app: "editor", in: directory)
        let daemon = try DaemonProcess(in: directory, app: "editor")
        defer { daemon.stop() }
        try daemon.waitUntilServing()
        let environment = [
            "XDG_CONFIG_HOME": directory.file("config"), "XDG_RUNTIME_DIR": directory.path,
            "PATH": (Binaries.winctl as NSString).deletingLastPathComponent + ":/usr/bin:/bin",
        ]
        let bash = try AppInstall.run(Binaries.winctl, ["init", "bash"], environment: environment, in: directory)
        #expect(
            bash.stdout == """
                vim() { winctl --app editor wrap file -- vim "$@"; }
                less() { winctl --app editor wrap page -- less "$@"; }
                htop() { winctl --app editor wrap top -- htop "$@"; }

                """,
            "\(bash)"
        )
        let fish = try AppInstall.run(Binaries.winctl, ["init", "fish"], environment: environment, in: directory)
        #expect(fish.stdout.hasPrefix("function vim --wraps vim; winctl --app editor wrap file -- vim $argv; end\n"))

        // The README's line, then winctl standing in for itself.
        let script = line + "\n" + #"winctl() { echo "winctl $*"; }"# + "\nvim -c 'set nu' a.txt\nhtop -d 10\n"
        let defined = try AppInstall.run("/bin/bash", ["-c", script], environment: environment, in: directory)
        #expect(
            defined.stdout
                == "winctl --app editor wrap file -- vim -c set nu a.txt\nwinctl --app editor wrap top -- htop -d 10\n",
            "\(defined)"
        )
    }
}
