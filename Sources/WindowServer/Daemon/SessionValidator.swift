import Logging
import NIOCore
import WindowEngine
import WindowProtocol

/// Runs `app.validate_command` for a session (windowd-protocol(7), app.transition): exit 0 valid, exit 1 invalid,
/// anything else or a timeout is a transient failure that keeps the session. What it prints
/// is logged as one escaped line; past its timeout it is killed with its whole process group.
struct SessionValidator {
    /// What the command said.
    enum Verdict: Equatable {
        case valid
        case invalid
        case unknown(String)
    }

    let command: [String]
    let timeout: TimeAmount
    let launcher: ProcessLauncher
    let logger: Logger

    /// Checks expiry at `now`, then the command (if configured); calls `completion` on the event loop.
    func validate(_ session: Session, now: Double, completion: @escaping (Verdict) -> Void) {
        guard !session.isExpired(at: now) else {
            completion(.invalid)
            return
        }
        guard !command.isEmpty else {
            completion(.valid)
            return
        }
        let arguments = command.map { $0.replacing("{user}", with: session.user) }
        let logger = self.logger
        launcher.check(arguments, timeout: timeout) { outcome, printed in
            if let printed {
                // One line of at most 1 KiB, escaped (windowd(8), "Programs it starts").
                logger.notice("validate_command printed", metadata: ["output": "\(printed)"])
            }
            switch outcome {
            case .exited(0):
                completion(.valid)
            case .exited(1):
                completion(.invalid)
            default:
                logger.warning(
                    "validate_command failed; keeping the session",
                    metadata: [
                        "user": "\(JSONValue.escapingControls(session.user))", "command": "\(arguments)",
                        "outcome": "\(outcome)",
                    ]
                )
                completion(.unknown("\(outcome)"))
            }
        }
    }
}
