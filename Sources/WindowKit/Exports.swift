// WindowKit speaks WindowProtocol's vocabulary (`AppState`, `ScenePhase`, `WindowInfo`,
// `DismissReason`, `JSONValue`): an app imports WindowKit alone.
@_exported import WindowProtocol
