import Glibc

/// Who may use the daemon: its own uid, root, the configured uids, and members of the configured group.
struct AccessPolicy: Sendable {
    let ownUID: UInt32
    let allowedUIDs: Set<UInt32>
    let allowedGroup: UInt32?

    init(ownUID: UInt32 = getuid(), allowedUIDs: [UInt32], allowedGroup: UInt32?) {
        self.ownUID = ownUID
        self.allowedUIDs = Set(allowedUIDs)
        self.allowedGroup = allowedGroup
    }

    /// The policy of the `[daemon]` section: `allowed_uids` and `allowed_group`.
    init(_ section: DaemonConfig.DaemonSection) {
        self.init(allowedUIDs: section.allowedUIDs, allowedGroup: SystemGroup.id(named: section.allowedGroup))
    }

    /// Whether `allowed_uids` names a uid besides the daemon's own and root: the socket's mode
    /// must then let every uid reach it (`SocketPreparer.secure`).
    var admitsOtherUIDs: Bool {
        allowedUIDs.contains { $0 != ownUID && $0 != 0 }
    }

    /// Whether `peer` may talk to the daemon.
    func admits(_ peer: PeerCredentials) -> Bool {
        if peer.uid == ownUID || peer.uid == 0 || allowedUIDs.contains(peer.uid) { return true }
        guard let allowedGroup else { return false }
        return peer.gid == allowedGroup || Self.isMember(uid: peer.uid, of: allowedGroup)
    }

    private static func isMember(uid: UInt32, of gid: UInt32) -> Bool {
        guard let user = getpwuid(uid), let group = getgrgid(gid), var member = group.pointee.gr_mem else {
            return false
        }
        let name = String(cString: user.pointee.pw_name)
        while let entry = member.pointee {
            if String(cString: entry) == name { return true }
            member += 1
        }
        return false
    }
}
