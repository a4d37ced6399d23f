import FleetCard

/// Where a guard that is off would have acted: a step whose outcome differs when only that guard
/// is switched back on (the same state, the same action, the model with the guard on). A reviewer
/// reads a guard-off story for that step, so the story marks it.
extension FleetStory {
    /// Per guard that is off, the same configuration with that guard on.
    static func guardOnModels(_ model: FleetSystem) -> [(name: String, model: FleetSystem)] {
        model.config.guards.switchedOff.compactMap { name in
            var config = model.config
            guard let on = config.guards.with(name, true) else { return nil }
            config.guards = on
            return (name, FleetSystem(config: config))
        }
    }

    /// The guards that are off and would have changed this step's outcome had they been on.
    static func guardsActing(
        _ guardOn: [(name: String, model: FleetSystem)], _ action: FleetSystem.Action, _ old: FleetState, _ new: FleetState
    ) -> [String] {
        guardOn.compactMap { g in
            let enabled = g.model.actions(in: old).contains(action)
            let same = enabled && g.model.next(old, action) == new
            return same ? nil : g.name
        }
    }

    /// "X is off: with it on, ..." for each guard that is off and acted at this step, unless the
    /// step's own guard lines already say that guard is off.
    func offGuardNotes(
        _ guardOn: [(name: String, model: FleetSystem)], _ action: FleetSystem.Action, _ old: FleetState, _ new: FleetState,
        _ said: [String]
    ) -> [String] {
        Self.guardsActing(guardOn, action, old, new).compactMap { name in
            if said.contains(where: { $0.hasPrefix("\(name) is off") }) { return nil }
            return "\(name) is off: with it on, \(Self.withGuardOn[name] ?? "this step would have another outcome")"
        }
    }

    /// What each guard does at the step where it acts (spec: "Every guard, and the bug it exists for").
    static let withGuardOn: [String: String] = [
        "endGateTrustworthiness": "the end gate would read this count as unknown and leave the cards untouched (no end, no update)",
        "clientEndedVeto": "this start would be vetoed (every active session is in the population the phone reported ended)",
        "supersedeUpdateToken": "this registration would supersede the environment's other update token (one per environment)",
        "allAcceptedForUpdateAndEnd": "a shortfall would leave the server's memory for a re-send (accepted == attempted)",
        "pushToStartCapPerEnv": "the environment's oldest push-to-start token would be dropped (at most 3 per environment)",
        "dedupe": "dedupe would end every fleet card but the one with the newest updatedAt",
        "adoptOnTokenRegistration": "the server would adopt the card on this registration (noteFleetActivityStarted) and clear the veto",
        "seenSidSkip": "a session id already seen this tick would be skipped (seen.has(sid))",
        "updatedAtExcluded": "a change of updatedAt alone would be no change and no push",
        "defaultHostOnly": "the token would be registered with the default host only",
        "canonicalPortOnly": "a watcher off the canonical port 8766 would not push (pushWatcherEnabled)",
        "maxRows": "the card would carry at most 3 rows, the rest folded into N More",
        "fleetEndedReported": "an /ended that arrived during the boot-time load would win over the on-disk snapshot",
        "pushTypeToken": "the card would be requested with pushType .token, push-capable",
        "creationGatedOnTrust": "the app would create no card from a count it cannot trust (no live fetch yet, or a host known down)",
    ]
}
