import WindowProtocol

/// A line a presenter reads on standard input: `q` to detach, or a phase to report.
enum PresenterCommand: Equatable {
    /// `q`: stop presenting; the window stays.
    case detach
    /// `active`, `inactive`, `background`: this window's new phase.
    case setPhase(ScenePhase)

    /// The words a presenter understands, for its hint and its complaint.
    static let help = "q to detach, or active, inactive, background to set the phase"

    /// The command `line` spells, ignoring surrounding blanks; `nil` if it spells none.
    init?(line: String) {
        let word = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        switch word {
        case "q", "quit", "detach": self = .detach
        default:
            guard let phase = ScenePhase(rawValue: word) else { return nil }
            self = .setPhase(phase)
        }
    }
}
