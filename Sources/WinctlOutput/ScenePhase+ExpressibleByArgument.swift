public import ArgumentParser
import WindowProtocol

/// `active`, `inactive` or `background` on the command line; anything else is a usage error.
extension ScenePhase: ExpressibleByArgument {}
