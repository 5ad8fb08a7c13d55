package import ArgumentParser
package import WindowProtocol

/// The presenter's options, which `winctl attach` takes from the user and hands to
/// `winctl-attach`: both read them with this one group, so they are declared and checked once.
package struct PresenterOptions: ParsableArguments {
    @Option(help: "The phase to start in (background where the terminal's place hides it).")
    package var phase: ScenePhase = .active

    @Flag(help: "Take the window over if another presenter has it (that one is dismissed).")
    package var takeover = false

    @Option(help: ArgumentHelp("On a terminal: how long windowd may be gone before giving up.", valueName: "seconds"))
    package var giveUp: Int = 60

    package init() {}

    package func validate() throws {
        if giveUp < 1 { throw ValidationError("--give-up must be at least 1 second, not \(giveUp)") }
    }

    /// The options as `winctl-attach` reads them.
    package var arguments: [String] {
        ["--phase=" + phase.rawValue, "--give-up=" + String(giveUp)] + (takeover ? ["--takeover"] : [])
    }
}
