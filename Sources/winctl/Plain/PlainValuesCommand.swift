import ArgumentParser

/// A command that takes nothing but the global options and plain values, so that
/// ``PlainCommandLine`` can build it without ArgumentParser's parse.
///
/// ```swift
/// extension Winctl.Open: PlainValuesCommand {
///     static let valueCount = 1...2
///     init(options: GlobalOptions, values: [String]) {
///         self.init()
///         self.options = options
///         group = values[0]
///         value = values.count > 1 ? values[1] : nil
///     }
/// }
/// ```
protocol PlainValuesCommand: ParsableCommand {
    /// How many values it takes: its required arguments, then its optional ones, in order.
    static var valueCount: ClosedRange<Int> { get }

    /// The command for `options` and `values` (as many as ``valueCount`` allows): every property
    /// set as ArgumentParser sets it for the same command line, the values to the arguments in
    /// order, an optional one not given to `nil`.
    init(options: GlobalOptions, values: [String])
}
