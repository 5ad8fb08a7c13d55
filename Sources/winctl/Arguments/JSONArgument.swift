import ArgumentParser
import WinctlOutput
import WindowProtocol

/// Reads a command-line argument as one JSON value; text that is not JSON is a usage error.
enum JSONArgument {
    /// `text` as a JSON value, or a `ValidationError` that quotes it.
    static func parse(_ text: String) throws(ValidationError) -> JSONValue {
        switch JSONValue.parse(text) {
        case .success(let value):
            return value
        case .failure:
            throw ValidationError(
                "'\(text)' is not JSON; quote a string as JSON, e.g. '\"\(text)\"', or give a number, true, false, null, an array or an object"
            )
        }
    }
}
