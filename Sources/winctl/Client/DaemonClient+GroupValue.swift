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

    /// `text` as ``value(_:of:)`` makes it, asked quietly on a connection of its own: for
    /// `winctl run`, which runs its program whether or not a daemon answers (its presenter says
    /// so, once), so a daemon that cannot be asked leaves the text as typed.
    static func quietValue(_ text: String, of group: String, options: GlobalOptions) -> String {
        guard let connection = try? WindowConnection(path: options.socketPath, timeout: options.timeout),
            let groups = try? connection.call(DaemonGroups.self, NoParams()).groups
        else { return text }
        return value(text, of: group, in: groups)
    }

    private static func value(_ text: String, of group: String, in groups: [DaemonGroups.Group]) -> String {
        groups.first(where: { $0.id == group })?.valueType == "path" ? NormalPath.of(text) : text
    }
}
