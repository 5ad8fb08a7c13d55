import ArgumentParser
import WindowClient
import WindowProtocol

/// One command's connection to windowd: typed calls whose failures are already exit statuses.
///
/// Every command goes through here, so every `ClientError` is reported and mapped
/// in one way (``ExitStatus/reporting(_:)``).
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

    /// Connects to the daemon named by `options`; exit status 69 if it cannot be reached.
    init(_ options: GlobalOptions) throws(ExitCode) {
        self.options = options
        do {
            connection = try WindowConnection(path: options.socketPath)
        } catch {
            throw ExitStatus.reporting(error)
        }
    }

    /// Calls `method`; a failure is reported on standard error and thrown as its exit status.
    func call<Method: RPCMethod>(_ method: Method.Type, _ params: Method.Params) throws(ExitCode) -> Reply<Method.Result> {
        do {
            return try request(method, params)
        } catch {
            throw ExitStatus.reporting(error)
        }
    }

    /// Calls `method`, reporting nothing: the caller decides what a failure means.
    func request<Method: RPCMethod>(_ method: Method.Type, _ params: Method.Params) throws(ClientError) -> Reply<Method.Result> {
        let raw = try connection.call(RawResult<Method>.self, params)
        do {
            return Reply(result: try raw.decode(as: Method.Result.self), raw: raw)
        } catch {
            throw .malformed("result of \(Method.name) does not decode: \(error)")
        }
    }

    /// Calls `method` and prints its result: the JSON document with `--json`, else the lines of `human`.
    @discardableResult
    func perform<Method: RPCMethod>(
        _ method: Method.Type,
        _ params: Method.Params,
        human: (Method.Result) -> [String]
    ) throws(ExitCode) -> Method.Result {
        let reply = try call(method, params)
        show(reply, human: human)
        return reply.result
    }

    /// Prints `reply`: the JSON document with `--json`, else the lines of `human`.
    func show<Result>(_ reply: Reply<Result>, human: (Result) -> [String]) {
        if options.json {
            Console.output(reply.raw.jsonText)
        } else {
            for line in human(reply.result) { Console.output(line) }
        }
    }

    /// The next event, checked for gaps in `seq` (a warning on stderr); the daemon going away
    /// ends the command with status 69.
    func nextEvent(checking sequence: inout EventSequence) throws(ExitCode) -> (event: EventMessage, line: [UInt8]) {
        let next: (event: EventMessage, line: [UInt8])?
        do {
            next = try connection.nextEvent()
        } catch {
            throw ExitStatus.reporting(error)
        }
        guard let next else {
            throw ExitStatus.reporting(.disconnected(path: connection.socket.path))
        }
        if let missed = sequence.accept(next.event.seq) { Console.error(EventSequence.warning(missed)) }
        return next
    }
}
