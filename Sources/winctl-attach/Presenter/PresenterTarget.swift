/// The window `winctl-attach` presents, as `winctl attach` resolved it.
enum PresenterTarget: Equatable {
    /// An existing window, by its whole id.
    case id(String)
    /// The window of `group` for `value`, opened if there is none.
    case group(String, value: String?)
}
