import FleetCard

/// The nodes a window opens on, kept once a search has enumerated every reachable state before
/// its first line (`FleetDiagnosis.run` in window mode): the prefix does not depend on the gap
/// bounds, so a search of the same range at a wider level starts from these instead of walking
/// the configuration's reachable states again (a narrow level that fails has walked them all).
final class FleetWindowOpenings {
    struct Opened {
        var trails: [FleetDiagnosis.Trail]
        var opens: [(entry: FleetDiagnosis.Open, parent: Int32, action: FleetSystem.Action)]
        var misses: FleetDiagnosis.Misses?
    }

    private var byRange: [Range<Int>: Opened] = [:]  // lookup only

    init() {}

    subscript(_ range: Range<Int>) -> Opened? {
        get { byRange[range] }
        set { byRange[range] = newValue }
    }
}
