/// How one ``PlaceStep`` went.
public enum PlaceStepResult: Sendable, Hashable {
    /// It was carried out.
    case done
    /// It failed: why, in words for a log line.
    case failed(String)
}
