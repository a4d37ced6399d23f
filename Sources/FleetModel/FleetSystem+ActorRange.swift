import Explorer

extension FleetSystem {
    /// A step naming a session, host, phone or server this configuration does not have is a
    /// malformed trace (its configuration travels with it), refused on load with this reason.
    /// POST and push indices depend on the state, so a missing one stays a divergence.
    public func actorOutOfRange(_ action: Action) -> String? {
        switch action {
        case .setSession(let i, _), .toggleDuplicateRow(let i):
            Self.outOfRange("session", i, config.sessions.count)
        case .hostDown(let i), .hostUp(let i):
            Self.outOfRange("host", i, config.hosts)
        case .openApp(let i), .leaveApp(let i), .terminateApp(let i), .declineWake(let i),
            .backgroundEnds(let i), .rotateToken(let i), .backgroundLaunch(let i), .refresh(let i),
            .sync(let i), .activityUpdates(let i):
            Self.outOfRange("phone", i, config.devices.count)
        case .restartServer(let i), .failSend(let i), .tick(let i), .send(let i), .apply(let i), .bootLoad(let i):
            Self.outOfRange("server", i, serverCount)
        case .losePost, .dropPush, .devBuildLaunch, .arrivePost, .deliverPush:
            nil
        }
    }

    static func outOfRange(_ actor: String, _ index: Int, _ count: Int) -> String? {
        guard index < 0 || index >= count else { return nil }
        return "\(actor) index \(index) out of range: the trace's configuration has \(count) \(actor)\(count == 1 ? "" : "s")"
            + (count > 0 ? " (0...\(count - 1))" : "")
    }
}
