/// The lock that keeps a second daemon off a state directory (windowd(8), "Apps"), as the store
/// checks it before each commit: a lock file removed or replaced under the daemon no longer keeps
/// anyone off, so the store takes a new one before it writes.
package protocol StoreLock: AnyObject, Sendable {
    /// Whether the file at the lock's path is still the one this process holds locked.
    var isHeld: Bool { get }

    /// Creates the state directory again if it is gone and takes a new lock at the same path.
    ///
    /// - Throws: when it cannot (another daemon took the directory meanwhile, or it cannot be
    ///   created); the store then refuses changes, as when the disk is full.
    func retake() throws
}
