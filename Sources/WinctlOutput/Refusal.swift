package import ArgumentParser
package import WindowProtocol

/// A request refused, by the daemon or by winctl on its behalf (an id prefix that names no
/// window or several): exit status 1, the message on standard error and, with `--json`, the
/// JSON-RPC error object on standard output.
package struct Refusal: Error {
    /// The JSON-RPC error object: `code`, `message`, `data.reason`, and for an ambiguous id `data.candidates`.
    package struct Object: Codable {
        // Declared in the order of their names: the object is written in this order.
        package var code: Int
        package var data: Detail?
        package var message: String

        /// The `data` member.
        package struct Detail: Codable {
            package var candidates: [String]?
            package var reason: String?
        }
    }

    /// What is printed with `--json`.
    package var object: Object

    /// The daemon's refusal, as it sent it.
    package init(_ error: RPCError) {
        object = Object(
            code: error.code,
            data: error.data.map { Object.Detail(reason: $0.reason?.rawValue) },
            message: error.message
        )
    }

    /// A refusal made by winctl, with a protocol reason (`unknown_window`) or one of winctl's own
    /// (`ambiguous_window`), shaped like the daemon's.
    package init(reason: String, message: String, candidates: [String]? = nil) {
        object = Object(
            code: RPCError.Code.application,
            data: Object.Detail(candidates: candidates, reason: reason),
            message: message
        )
    }

    /// Prints the refusal (the message on standard error; with `json` the error object on
    /// standard output too) and returns exit status 1.
    package func report(json: Bool) -> ExitCode {
        Console.error(object.message)
        if json {
            if let bytes = try? JSONWriter.bytes(object) { Console.output(String(decoding: bytes, as: UTF8.self)) }
        }
        return ExitStatus.refused
    }
}
