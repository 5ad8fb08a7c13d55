import Glibc

/// One datagram read with `recvmsg`, and the descriptors sent with it (`SCM_RIGHTS`), already
/// close-on-exec: how a service manager's side of `NOTIFY_SOCKET` reads `sd_notify` with
/// `FDSTORE=1`. The benchmark's and the tests' played service managers read with it.
package enum DescriptorDatagram {
    /// The next datagram waiting on `socket` as text, and its descriptors; `nil` if none waits
    /// (it never blocks) or the read failed. `data` and `control` are the buffers to read into,
    /// kept by the caller so that a loop allocates nothing: 8 KiB and 4 KiB hold any notification.
    package static func receive(
        on socket: Int32,
        data: inout [UInt8],
        control: inout [UInt8]
    ) -> (text: String, descriptors: [Int32])? {
        let (count, descriptors) = data.withUnsafeMutableBytes { dataBytes in
            control.withUnsafeMutableBytes { controlBytes -> (Int, [Int32]) in
                var vector = iovec(iov_base: dataBytes.baseAddress, iov_len: dataBytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var message = msghdr()
                    message.msg_iov = vectorPointer
                    message.msg_iovlen = 1
                    message.msg_control = controlBytes.baseAddress
                    message.msg_controllen = controlBytes.count
                    let count = recvmsg(socket, &message, Int32(MSG_DONTWAIT) | Int32(MSG_CMSG_CLOEXEC))
                    guard count >= 0 else { return (-1, []) }
                    return (
                        count, rights(in: UnsafeRawBufferPointer(controlBytes), length: Int(message.msg_controllen))
                    )
                }
            }
        }
        guard count >= 0 else { return nil }
        return (String(decoding: data[0..<count], as: UTF8.self), descriptors)
    }

    /// The descriptors of the `SCM_RIGHTS` messages in a control buffer (x86-64 and arm64
    /// Linux: a 16-byte `cmsghdr`, data 8-byte aligned; Glibc's CMSG macros do not import).
    private static func rights(in control: UnsafeRawBufferPointer, length: Int) -> [Int32] {
        var descriptors: [Int32] = []
        var offset = 0
        while offset + 16 <= length {
            let cmsgLength = control.load(fromByteOffset: offset, as: Int.self)
            let level = control.load(fromByteOffset: offset + 8, as: Int32.self)
            let type = control.load(fromByteOffset: offset + 12, as: Int32.self)
            guard cmsgLength >= 16 else { break }
            if level == SOL_SOCKET && type == Int32(SCM_RIGHTS) {
                for index in 0..<((cmsgLength - 16) / 4) {
                    descriptors.append(control.load(fromByteOffset: offset + 16 + index * 4, as: Int32.self))
                }
            }
            offset += (cmsgLength + 7) & ~7
        }
        return descriptors
    }
}
