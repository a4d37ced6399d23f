import Explorer

extension FleetSystem {
    /// A step naming a session, host, phone or server this configuration does not have is a
    /// malformed trace (its configuration travels with it), refused on load with this reason.
    /// POST and push indices depend on the state, so a missing one stays a divergence.
    public func actorOutOfRange(_ action: Action) -> String? {
        switch action {
        case .setSession(let i, _), .toggleDuplicateRow(let i):
            ActorRange.check("session", i, count: config.sessions.count)
        case .hostDown(let i), .hostUp(let i):
            ActorRange.check("host", i, count: config.hosts)
        case .openApp(let i), .leaveApp(let i), .terminateApp(let i), .declineWake(let i),
            .backgroundEnds(let i), .rotateToken(let i), .backgroundLaunch(let i), .refresh(let i),
            .sync(let i), .activityUpdates(let i), .appHoldEnds(let i):
            ActorRange.check("phone", i, count: config.devices.count)
        case .restartServer(let i), .failSend(let i), .tick(let i), .send(let i), .apply(let i), .bootLoad(let i),
            .holdEnds(let i):
            ActorRange.check("server", i, count: serverCount)
        case .losePost, .dropPush, .devBuildLaunch, .arrivePost, .deliverPush:
            nil
        }
    }
}
