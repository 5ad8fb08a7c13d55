import Synchronization

/// A presented window's scene storage as this side knows it: what the daemon last said, with
/// this side's own writes on top until the daemon has acknowledged them.
///
/// ```swift
/// let cache = StorageCache()
/// cache.write("cursor", .int(3))            // reads back at once
/// cache.acknowledge("cursor", daemon: reply.storage)
/// ```
///
/// Replies to writes in flight do not overwrite a newer local value, so a value read back
/// never jumps to an older one while writes go out.
final class StorageCache: Sendable {
    private struct State {
        var values: [String: JSONValue] = [:]
        var pending: [String: Int] = [:]
        var written: Set<String> = []
    }

    private let state = Mutex(State())

    /// The value of `key` now.
    func value(_ key: String) -> JSONValue? {
        state.withLock { $0.values[key] }
    }

    /// Every key and value now.
    var all: [String: JSONValue] { state.withLock { $0.values } }

    /// Records a write of `value` (`nil` removes) under `key` about to be sent.
    func write(_ key: String, _ value: JSONValue?) {
        state.withLock { state in
            state.values[key] = value
            state.pending[key, default: 0] += 1
            if value != nil { state.written.insert(key) } else { state.written.remove(key) }
        }
    }

    /// A write of `key` was answered with the whole `storage` (`nil` if it failed, when the
    /// value before it is put back unless another write is still on its way).
    func acknowledge(_ key: String, storage: [String: JSONValue]?, previous: JSONValue?) {
        state.withLock { state in
            let left = (state.pending[key] ?? 1) - 1
            state.pending[key] = left > 0 ? left : nil
            if let storage {
                Self.merge(storage, into: &state)
            } else if left == 0 {
                state.values[key] = previous
            }
        }
    }

    /// Takes the whole storage from the daemon (an attach, a read): keys with writes on their
    /// way keep their local value.
    func replace(with storage: [String: JSONValue]) {
        state.withLock { Self.merge(storage, into: &$0) }
    }

    /// Takes the storage of a re-attach. For a new window (`sameWindow` false), the keys this
    /// side wrote that the daemon lost are kept and returned, to be written again.
    func adoptReattached(_ storage: [String: JSONValue], sameWindow: Bool) -> [String: JSONValue] {
        state.withLock { state in
            var lost: [String: JSONValue] = [:]
            if !sameWindow {
                for key in state.written where storage[key] == nil {
                    if let value = state.values[key] { lost[key] = value }
                }
            }
            Self.merge(storage.merging(lost) { daemon, _ in daemon }, into: &state)
            return lost
        }
    }

    /// `storage` from the daemon, except the keys with writes on their way, which keep their local value.
    private static func merge(_ storage: [String: JSONValue], into state: inout State) {
        var values = storage
        for (key, count) in state.pending where count > 0 {
            values[key] = state.values[key]
        }
        state.values = values
    }
}
