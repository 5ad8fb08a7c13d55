import ArgumentParser
import Glibc
import WinctlOutput
import WindowKit

/// How `winctl attach` ends: an exit status, or death by a signal (as a shell expects of a
/// program it interrupted). Decided by the async presenter, carried out on the main thread.
enum PresenterExit: Sendable, Equatable {
    /// Exit with this status.
    case status(Int32)
    /// Die of this signal (its default action restored first).
    case signal(Int32)

    /// Reports `error` on standard error; 1 for a refusal, 69 for a daemon that cannot be used.
    static func reporting(_ error: WindowKitError) -> PresenterExit {
        Console.error(error.message)
        return .status(error.code == .refused ? ExitStatus.refused.rawValue : ExitStatus.unavailable.rawValue)
    }

    /// Ends the command this way.
    func carryOut() throws(ExitCode) {
        switch self {
        case .status(0):
            return
        case .status(let status):
            throw ExitCode(status)
        case .signal(let signal):
            var action = sigaction()
            action.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
            kill(getpid(), signal)
            throw ExitCode(128 + signal)
        }
    }
}

/// A ``PresenterExit`` as an error, for `Result`.
struct PresenterExitError: Error {
    let exit: PresenterExit
}
