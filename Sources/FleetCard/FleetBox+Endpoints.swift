extension FleetBox {
    /// The update-token endpoint's `noteFleetActivityStarted()`: proof a card is on screen, so
    /// the server adopts it without content and the next tick pushes current content to it
    /// (spec: lifecycle A, step 4). It also clears the veto (spec: "cleared ... by the phone
    /// registering an update token").
    ///
    /// Readings of the real handler (Models/README.md): while a card is tracked it returns early
    /// (`re-registration keeps the card`: memory, content, veto and since untouched); adoption is
    /// not written to fleet-activity-state.json (`adoption not persisted`); an adoption during the
    /// boot-time load resets fleetEndedReported.
    public func noteFleetActivityStarted() -> (box: FleetBox, file: FileEffect) {
        guard current == nil else { return (self, .keep) }
        var box = clearingVeto()
        box.current = FleetCardMemory(content: nil)
        if loadInFlight { box.fleetEndedReported = false }
        return (box, .keep)
    }

    /// The veto's end on an update-token registration, with or without adoption: the spec makes
    /// it the registration's effect ("It is cleared by a delivered start, or by the phone
    /// registering an update token"). The veto is memory only, so the file is not touched.
    public func clearingVeto() -> FleetBox {
        var box = self
        box.clientEnded = nil
        box.vetoLogged = false
        return box
    }

    /// The /ended endpoint's `noteFleetActivityEnded()`: nulls the card, records the veto
    /// population and unlinks the file (spec: lifecycle D). During a boot-time load it also
    /// raises fleetEndedReported so the report beats the on-disk snapshot (spec: lifecycle F).
    ///
    /// The report carries no session list, so the population ("the population the phone last
    /// reported it ended against") is the server's own view: the sessions active at its last
    /// tick's decide (`population`, as the real server records it), since the phone's card shows
    /// what the server last pushed. since itself is kept. Mid-load, `completingBootLoad` supplies
    /// the snapshot's sids.
    public func noteFleetActivityEnded() -> (box: FleetBox, file: FileEffect) {
        var box = self
        box.current = nil
        box.clientEnded = population
        box.vetoLogged = false
        if loadInFlight { box.fleetEndedReported = true }
        return (box, .unlink)
    }

    /// A restarted watcher's memory: empty, with the boot-time load of `file` in flight.
    /// The veto population is memory only and is lost (the file is unlinked exactly when a
    /// veto is recorded, so it cannot hold one).
    public static func booting() -> FleetBox {
        FleetBox(loadInFlight: true)
    }

    /// The boot-time load completes with the snapshot it read when it started.
    ///
    /// With the fleetEndedReported guard an /ended that arrived mid-load wins and the snapshot's
    /// card is dropped; without it the snapshot overwrites the report, resurrecting the dead card.
    /// Ticks do not run before the load completes (the watcher loads at start; the reducer skips).
    ///
    /// The snapshot's since map is kept either way (spec F: "every row keeps its elapsed
    /// baseline"). The population an /ended records is memory only, computed by a tick's decide:
    /// the real server's (issue 50) stays empty until the first tick after the restart, so an
    /// /ended before it (during the load or after) records an empty veto population, which
    /// refuses no start.
    public func completingBootLoad(_ snapshot: PersistedFleetState?, guards: Guards = .all) -> FleetBox {
        var box = self
        box.loadInFlight = false
        let reportWins = guards.fleetEndedReported && fleetEndedReported
        box.fleetEndedReported = false
        // A load that finds no file leaves no card tracked: an adoption made during it is dropped.
        guard let snapshot else {
            box.current = nil
            return box
        }
        box.since = snapshot.since
        if !reportWins { box.current = snapshot.current }
        return box
    }
}
