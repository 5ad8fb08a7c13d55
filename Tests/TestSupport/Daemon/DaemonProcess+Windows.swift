package import WindowProtocol

extension DaemonProcess {
    /// The window of `group` for `value` (a string, or an integer written out) as
    /// `winctl list --json` shows it, if the daemon has one.
    package func window(group: String, value: String) throws -> JSONValue? {
        let list = try Winctl.run(["list"], socket: socketPath, json: true)
        return try list.json()["windows"]?.array?.first {
            $0["group"]?.string == group && ($0["value"]?.string ?? $0["value"]?.int.map { "\($0)" }) == value
        }
    }

    /// Waits until the window of `group` for `value` is attached (or detached) and in `phase`;
    /// the failure says what it was last.
    @discardableResult
    package func waitForWindow(
        group: String,
        value: String,
        phase: String? = nil,
        attached: Bool = true,
        timeout: Duration = .seconds(10)
    ) throws -> JSONValue {
        var last: JSONValue?
        do {
            try waitUntil(
                "\(group) \(value) to be \(attached ? "attached" : "detached")\(phase.map { " and \($0)" } ?? "")",
                timeout: timeout
            ) {
                last = try window(group: group, value: value)
                return last?["attached"]?.bool == attached && (phase == nil || last?["phase"]?.string == phase)
            }
        } catch {
            throw TestFailure("\(error); it was \(last?.jsonText ?? "absent")")
        }
        return last!
    }
}
