package import ArgumentParser
package import WindowClient

/// winctl's exit statuses (winctl(1)), and the one place a client error becomes one.
package enum ExitStatus {
    /// 1: the daemon refused the request; its message says why.
    package static let refused = ExitCode(1)
    /// 64 (`EX_USAGE`): the command line was wrong. ArgumentParser uses it for every parse and validation error.
    package static let usage = ExitCode.validationFailure
    /// 69 (`EX_UNAVAILABLE`): the daemon could not be reached, did not answer in time, or went away.
    package static let unavailable = ExitCode(69)

    /// Prints `error` as `winctl: <message>` to standard error (a refusal with `json` also as its
    /// JSON-RPC error object on standard output) and returns the status to exit with.
    package static func reporting(_ error: ClientError, json: Bool) -> ExitCode {
        if case .refused(let refusal) = error {
            return Refusal(refusal).report(json: json)
        }
        Console.error(error.description)
        return status(for: error)
    }

    /// The exit status for `error`, without printing anything.
    package static func status(for error: ClientError) -> ExitCode {
        switch error {
        case .refused:
            return refused
        case .unreachable, .disconnected, .timedOut, .malformed:
            // A daemon that answers with something other than the protocol cannot be used either.
            return unavailable
        }
    }
}
