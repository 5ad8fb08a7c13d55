import WindowKit
import WindowProtocol

/// The body while the app state is `error(kind)`: what went wrong and how to recover.
enum ErrorView {
    /// The error screen's lines for `kind`, ending with the recovery hint.
    static func lines(kind: AppErrorKind) -> [ScreenLine] {
        [
            .blank,
            ScreenLine(LineLayout.margin + "Error: " + title(kind), style: .bold),
            .blank,
            ScreenLine(LineLayout.margin + explanation(kind)),
            .blank,
            ScreenLine(LineLayout.margin + "To recover: " + recovery(kind)),
        ]
    }

    private static func title(_ kind: AppErrorKind) -> String {
        switch kind {
        case .networkUnavailable: return "network unavailable"
        case .sessionExpired: return "session expired"
        case .maintenanceMode: return "down for maintenance"
        }
    }

    private static func explanation(_ kind: AppErrorKind) -> String {
        switch kind {
        case .networkUnavailable: return "The app cannot reach the network it needs."
        case .sessionExpired: return "The signed-in session is no longer valid."
        case .maintenanceMode: return "The service is in maintenance mode."
        }
    }

    /// The commands that leave this error; only `loading` and `unauthenticated` follow `error`.
    static func recovery(_ kind: AppErrorKind) -> String {
        switch kind {
        case .networkUnavailable: return "once the network is back, winctl transition loading"
        case .sessionExpired: return "winctl transition unauthenticated, then winctl login USER"
        case .maintenanceMode: return "when maintenance is over, winctl transition loading"
        }
    }
}
