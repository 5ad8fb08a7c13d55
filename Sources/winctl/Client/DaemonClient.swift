import ArgumentParser
import WinctlOutput
import WindowClient
import WindowProtocol

/// One command's connection to windowd: typed calls whose failures are already exit statuses.
///
/// Every command goes through here, so every `ClientError` is reported and mapped
/// in one way (``ExitStatus/reporting(_:json:)``).
struct DaemonClient {
    /// How to print, and which socket.
    let options: GlobalOptions
    /// The open connection.
    let connection: WindowConnection

    /// A method's result, typed, and the `result` object as the daemon sent it.
    struct Reply<Result> {
        /// The decoded result.
        var result: Result
        /// The `result` object as it came, for `--json`.
        var raw: JSONValue
    }

    /// Connects to the daemon named by `options` within `--timeout`; exit status 69 if it cannot be reached.
    init(_ options: GlobalOptions) throws(ExitCode) {
        self.options = options
        do {
            connection = try WindowConnection(path: options.socketPath, timeout: options.timeout)
        } catch {
            throw ExitStatus.reporting(error, json: options.json)
        }
    }

    /// Tells the daemon at `options`' socket that the launch of window `id` ended for `reason`
    /// (`window.launchEnded`), so that it stops waiting for that presenter; quietly, as a best
    /// effort: a daemon gone or older than the method is no reason to fail the command.
    static func reportLaunchEnded(
        _ id: String,
        reason: String,
        options: GlobalOptions,
        over connection: WindowConnection? = nil
    ) {
        guard let connection = connection ?? (try? WindowConnection(path: options.socketPath, timeout: options.timeout))
        else { return }
        _ = try? connection.call(RawResult<WindowLaunchEnded>.self, WindowLaunchEnded.Params(id: id, reason: reason))
    }

    /// Reports `error` as this command's options say and returns its exit status.
    func failure(_ error: ClientError) -> ExitCode {
        ExitStatus.reporting(error, json: options.json)
    }

    /// Calls `method`; a failure is reported and thrown as its exit status.
    func call<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params
    ) throws(ExitCode) -> Reply<Method.Result> {
        do {
            return try request(method, params)
        } catch {
            throw failure(error)
        }
    }

    /// Calls `method`, reporting nothing: the caller decides what a failure means.
    func request<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params
    ) throws(ClientError) -> Reply<Method.Result> {
        let raw = try connection.call(RawResult<Method>.self, params)
        do {
            return Reply(result: try raw.decode(as: Method.Result.self), raw: raw)
        } catch {
            throw .malformed("result of \(Method.name) does not decode: \(error)")
        }
    }

    /// Calls `method` and prints its result: the JSON document with `--json`, else the lines of `human`.
    ///
    /// A result this winctl cannot read (a daemon of another version) is printed as it came, with
    /// a warning, and the command ends with status 0: the daemon did what was asked, and a client
    /// never reports a failure for a request the daemon carried out.
    @discardableResult
    func perform<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params,
        human: (Method.Result) -> [String]
    ) throws(ExitCode) -> Method.Result {
        let reply = try carryOut(method, params)
        show(reply, human: human)
        return reply.result
    }

    /// Calls `method` as ``perform(_:_:human:)`` does, printing only a failure or a result it
    /// cannot read: the caller shows the reply (``show(_:human:)``) once it knows it holds.
    func carryOut<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params
    ) throws(ExitCode) -> Reply<Method.Result> {
        let raw: JSONValue
        do {
            raw = try connection.call(RawResult<Method>.self, params)
        } catch {
            throw failure(error)
        }
        let result: Method.Result
        do {
            result = try raw.decode(as: Method.Result.self)
        } catch {
            Console.output(raw.jsonText)
            Console.error(
                "windowd did \(Method.name), but its result is not one winctl \(ProtocolVersion.software) reads (\(error)); "
                    + "it is printed above as it came. winctl status shows the daemon's version: use a winctl of the same version"
            )
            throw ExitCode.success
        }
        return Reply(result: result, raw: raw)
    }

    /// Prints `reply`: the JSON document with `--json`, else the lines of `human`.
    func show<Result>(_ reply: Reply<Result>, human: (Result) -> [String]) {
        if options.json {
            Console.output(reply.raw.jsonText)
        } else {
            for line in human(reply.result) { Console.output(line) }
        }
    }

    /// The whole id of the window `text` names: a whole id goes through as it is; anything else
    /// is matched against the ids of `window.list` and must start exactly one of them.
    func windowID(_ text: String) throws(ExitCode) -> String {
        if WindowIDPrefix.isWhole(text) { return text.lowercased() }
        switch WindowIDPrefix.match(
            text,
            among: try call(WindowList.self, WindowList.Params(group: nil)).result.windows
        ) {
        case .one(let window):
            return window.id
        case .none:
            throw unknownWindow(text)
        case .several(let candidates):
            throw ambiguousWindow(text, candidates)
        }
    }

    /// Exit status 1 for an id prefix that starts no window's id.
    func unknownWindow(_ text: String) -> ExitCode {
        let message =
            text.isEmpty
            ? "a window id must not be empty (winctl list shows the ids)"
            : "no window id starts with '\(text)' (winctl list shows the ids)"
        return Refusal(reason: ErrorReason.unknownWindow.rawValue, message: message).report(json: options.json)
    }

    /// Exit status 1 for an id prefix that starts several windows' ids, naming them.
    func ambiguousWindow(_ text: String, _ candidates: [WindowInfo]) -> ExitCode {
        let names = candidates.map { "  \(ValueText.window($0))" }.joined(separator: "\n")
        let message = "'\(text)' starts the ids of \(candidates.count) windows; give more of the id:\n\(names)"
        return Refusal(reason: "ambiguous_window", message: message, candidates: candidates.map(\.id)).report(
            json: options.json
        )
    }

    /// The next event, checked for gaps in `seq` (a warning on stderr); `nil` when the daemon
    /// closed the connection. Waits as long as it takes: `--timeout` is for answers.
    func nextEvent(checking sequence: inout EventSequence) throws(ExitCode) -> (event: EventMessage, line: [UInt8])? {
        let next: (event: EventMessage, line: [UInt8])?
        do {
            next = try connection.nextEvent()
        } catch {
            throw failure(error)
        }
        guard let next else { return nil }
        if let missed = sequence.accept(next.event.seq) { Console.error(EventSequence.warning(missed)) }
        return next
    }
}
