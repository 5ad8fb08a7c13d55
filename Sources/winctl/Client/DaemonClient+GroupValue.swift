import ArgumentParser
import POSIXSupport
import WindowClient
import WindowProtocol

extension DaemonClient {
    /// `text` as a value of `group` is sent: a file path made absolute and normal against
    /// winctl's working directory when the group's value type is `path` (`NormalPath`), else as
    /// it was typed. The group's type comes from `daemon.groups`, one more round trip on this
    /// connection, asked only when a value is given; an unknown group keeps the text, and the
    /// daemon's refusal names the group.
    func value(_ text: String?, of group: String) throws(ExitCode) -> String? {
        guard let text else { return nil }
        return Self.value(text, of: group, in: try call(DaemonGroups.self, NoParams()).result.groups)
    }

    /// `text` as a value of `group` among `groups` (``value(_:of:)``).
    static func value(_ text: String, of group: String, in groups: [DaemonGroups.Group]) -> String {
        groups.first(where: { $0.id == group })?.valueType == "path" ? NormalPath.of(text) : text
    }
}
