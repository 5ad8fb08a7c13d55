import WindowKit

/// `loading`: the launch screen.
enum LaunchView {
    static func lines() -> [ScreenLine] {
        [.blank, ScreenLine("   Loading orders…", style: .bold)]
    }
}
