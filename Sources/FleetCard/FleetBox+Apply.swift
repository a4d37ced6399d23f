extension FleetBox {
    /// What the decide half leaves in memory before any send: `tick`'s active sids as the
    /// population an /ended records (the real server computes it at decide). A tick skipped while
    /// the boot-time load is in flight records nothing.
    public func recording(_ tick: FleetTick) -> FleetBox {
        guard !loadInFlight else { return self }
        var box = self
        box.population = tick.activeSids
        return box
    }

    /// The apply half of a server tick: the box after `tick`'s sends came back as `delivery`,
    /// and what happens to fleet-activity-state.json.
    ///
    /// A tick is not atomic: endpoint handlers may have changed the box between decide and
    /// apply, so `self` is the box as it is now. The spec is silent on that race; the reading
    /// here is last-writer-wins, as a watcher assigning its decision back to `active` would do.
    /// Readings of the real server (Models/README.md): a send that fails or has no token leaves
    /// the card memory and its since untouched (the next delivered push stamps the new time);
    /// a tick with nothing to send refreshes since ("activity is activity") and applies its zero
    /// timer to the card memory at once (a held tick starts it, a tick with activity clears it);
    /// a zeroed update sets it only when fully delivered (issue 50: a failed or token-less one
    /// leaves the memory, and its timer, as they were); start-vetoed is re-armed by any tick that
    /// was not vetoed. `current` advances
    /// only when the delivery threshold is met, and the veto population is kept unless a start
    /// is delivered (spec: "It is cleared by a delivered start"). The file is written only when
    /// the card changes: a tick that only refreshes since keeps it "in memory" (spec: "The server").
    public func applying(
        _ tick: FleetTick, _ delivery: FleetDelivery, guards: Guards = .all
    ) -> (box: FleetBox, file: FileEffect) {
        var box = self
        if tick.action == .nothing && !loadInFlight && box.current != nil { box.current?.zeroSince = tick.zeroSince }
        box.vetoLogged = tick.vetoed && (vetoLogged || tick.logsVeto)
        guard delivery.verdict(for: tick.action, guards: guards) == .met else { return (box, .keep) }
        box.since = tick.since
        switch tick.action {
        case .nothing:
            return (box, .keep)
        case .start:
            box.current = FleetCardMemory(content: tick.content)
            box.clientEnded = nil
            box.vetoLogged = false
            return (box, .write)
        case .update:
            box.current = FleetCardMemory(content: tick.content, zeroSince: tick.zeroSince)
            return (box, .write)
        case .end:
            // spec "2 · The server ends it": sends end, then nulls and unlinks its state.
            box.current = nil
            return (box, .unlink)
        }
    }
}
