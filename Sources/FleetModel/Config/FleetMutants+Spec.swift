/// What the spec's guard table says each guard's absence causes (fleet-model.md, "Guards"),
/// as the property class the explorer should break first, and the header a mutant's story gets.
extension FleetMutants {
    public static let specClass: [String: String] = [
        "endGateTrustworthiness": "false-end",
        "clientEndedVeto": "restart-loop",
        "supersedeUpdateToken": "zombie-card",
        "allAcceptedForUpdateAndEnd": "zombie-card",
        "pushToStartCapPerEnv": "push-to-start-fanout",
        "dedupe": "duplicate-card",
        "adoptOnTokenRegistration": "duplicate-card",
        "seenSidSkip": "double-counted-session",
        "updatedAtExcluded": "idle-push",
        "defaultHostOnly": "duplicate-card",
        "canonicalPortOnly": "duplicate-card",
        "maxRows": "row-budget",
        "fleetEndedReported": "missing-card",
        "pushTypeToken": "zombie-card",
    ]

    /// The configuration line of a mutant's story: what was switched off and which bounds ran.
    public static func describe(_ base: String, guardOff: String, override: FleetConfig.MutantOverride?) -> String {
        let bounds = override.map { "bounds changed for this guard: \($0.reason)" } ?? "the configuration's own bounds"
        return "\(base) Mutant run: \(guardOff) switched off, every other guard on; \(bounds)."
    }
}
