import GRDB

/// Opens a raw pool on a store's file, to play a newer windowd in tests.
enum DatabasePoolOpener {
    static func open(_ path: String) throws -> DatabasePool {
        try DatabasePool(path: path)
    }
}
