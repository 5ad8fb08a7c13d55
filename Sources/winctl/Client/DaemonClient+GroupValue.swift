import ArgumentParser
import POSIXSupport
import WindowProtocol

extension DaemonClient {
    /// `text` as a value of `group` is sent: a file path made absolute and normal against
    /// winctl's working directory when the group's value type is `path` (`NormalPath`), else as
    /// it was typed. The group's type comes from `daemon.groups`, one more round trip on this
    /// connection, asked only when a value is given; an unknown group keeps the text, and the
    /// daemon's refusal names the group.
    func value(_ text: String?, of group: String) throws(ExitCode) -> String? {
        guard let text else { return nil }
        let groups = try call(DaemonGroups.self, NoParams()).result.groups
        guard groups.first(where: { $0.id == group })?.valueType == "path" else { return text }
        return NormalPath.of(text)
    }
}
