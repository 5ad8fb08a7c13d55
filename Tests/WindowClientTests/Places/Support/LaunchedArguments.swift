import POSIXSupport
import TestSupport
import Testing
import WindowClient
import WindowProtocol

/// What a program launched at a real place received as its arguments, one a line.
enum LaunchedArguments {
    /// Launches a shell at `place`, titled `title`, that writes `words` as its arguments gave
    /// them into a file of `directory`; the file's text once written, or `nil` when the launch
    /// failed or nothing was written within the poll's time.
    static func received(_ words: [String], title: String, at place: Place, in directory: TemporaryDirectory) -> String?
    {
        let written = directory.file("arguments")
        let script = #"printf '%s\n' "$@" > "$0.part" && mv "$0.part" "$0"; sleep 600"#
        let failure = OwnPlace.launch(
            ["sh", "-c", script, written] + words,
            title: title,
            at: place,
            variables: LaunchVariables(windowID: "w-4")
        )
        #expect(failure == nil)
        return Poll.until { WholeFile.text(written) }
    }
}
