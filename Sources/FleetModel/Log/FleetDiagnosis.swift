import Explorer

/// Trace validation of a server log against the fleet model: the engine's search
/// (`TraceSearch`, Sources/Explorer/TraceValidation) on `FleetSystem`'s log projection.
public typealias FleetDiagnosis = TraceSearch<FleetSystem>

/// The search runs a fleet diagnosis has made, by what each read (`TraceRunMemo`).
typealias FleetRunMemo = TraceRunMemo<FleetSystem>

/// The nodes a window of a fleet log opens on (`TraceWindowOpenings`).
typealias FleetWindowOpenings = TraceWindowOpenings<FleetSystem>
