import FleetCard
import Explorer

extension FleetSystem {
    /// One step. World actions are the environment, the user and the faults (budgeted); system
    /// actions are the code reacting (never budgeted). Indices refer to config order or, for
    /// posts and pushes, to their position in the state.
    public enum Action: Hashable, Codable, Sendable, CustomStringConvertible {
        // world
        case setSession(Int, Activity)
        case toggleDuplicateRow(Int)
        case hostDown(Int)
        case hostUp(Int)
        case openApp(Int)
        case leaveApp(Int)
        case terminateApp(Int)
        case restartServer(Int)
        case losePost(Int)
        case failSend(Int)
        case dropPush(Int)
        case declineWake(Int)
        case backgroundEnds(Int)
        case rotateToken(Int)
        case devBuildLaunch
        // system
        case tick(Int)
        case send(Int)
        case apply(Int)
        case bootLoad(Int)
        case arrivePost(Int)
        case deliverPush(Int)
        case backgroundLaunch(Int)
        case refresh(Int)
        case sync(Int)
        case activityUpdates(Int)

        public var isWorld: Bool {
            switch self {
            case .setSession, .toggleDuplicateRow, .hostDown, .hostUp, .openApp, .leaveApp,
                .terminateApp, .restartServer, .losePost, .failSend, .dropPush, .declineWake,
                .rotateToken, .devBuildLaunch:
                true
            default:
                false
            }
        }

        public var description: String {
            switch self {
            case .setSession(let s, let a): "session s\(s.oneBased) becomes \(a.rawValue)"
            case .toggleDuplicateRow(let s): "a duplicate row of s\(s.oneBased) appears or goes"
            case .hostDown(let h): "host h\(h.oneBased) goes down"
            case .hostUp(let h): "host h\(h.oneBased) comes back"
            case .openApp(let d): "user opens the app on phone\(d.oneBased)"
            case .leaveApp(let d): "user leaves the app on phone\(d.oneBased)"
            case .terminateApp(let d): "iOS terminates the app on phone\(d.oneBased)"
            case .restartServer(let i): "server \(i) restarts"
            case .losePost(let i): "POST #\(i) is lost"
            case .failSend(let i): "server \(i)'s next APNs send fails"
            case .dropPush(let i): "APNs drops push #\(i)"
            case .declineWake(let d): "iOS does not launch the app on phone\(d.oneBased)"
            case .backgroundEnds(let d): "iOS suspends the background app on phone\(d.oneBased)"
            case .rotateToken(let d): "the newest card's update token rotates on phone\(d.oneBased)"
            case .devBuildLaunch: "a sandbox dev build launches elsewhere"
            case .tick(let i): "server \(i) ticks (decide)"
            case .send(let i): "server \(i) sends to its next token"
            case .apply(let i): "server \(i) applies the tick"
            case .bootLoad(let i): "server \(i)'s boot-time load completes"
            case .arrivePost(let i): "POST #\(i) arrives"
            case .deliverPush(let i): "APNs delivers push #\(i)"
            case .backgroundLaunch(let d): "iOS launches the app in the background on phone\(d.oneBased)"
            case .refresh(let d): "the app refreshes on phone\(d.oneBased)"
            case .sync(let d): "the app syncs on phone\(d.oneBased)"
            case .activityUpdates(let d): "activityUpdates runs on phone\(d.oneBased)"
            }
        }
    }

    /// The enabled candidates in a fixed order: world first (sessions, hosts, users, servers,
    /// faults), then system; `next` returns nil for those that turn out disabled.
    public func actions(in state: FleetState) -> [Action] {
        var out: [Action] = []
        out.reserveCapacity(32)  // one allocation rather than one per doubling
        let w = config.world
        for s in state.sessions.indices {
            for a in w.sessionActivities where a != state.sessions[s].activity { out.append(.setSession(s, a)) }
            if w.duplicateRows { out.append(.toggleDuplicateRow(s)) }
        }
        if w.hostOutage {
            for h in 0..<hosts { out.append(state.hostsDown & (1 << h) == 0 ? .hostDown(h) : .hostUp(h)) }
        }
        for d in state.devices.indices {
            switch state.devices[d].app {
            // Not offered where `next` refuses it (the same test): no candidate step to refuse.
            case .foreground: if !handlersPending(state, d) { out.append(.leaveApp(d)) }
            case .suspended:
                out.append(.openApp(d))
                if w.appTerminated { out.append(.terminateApp(d)) }
            case .notRunning: out.append(.openApp(d))
            case .background:
                out.append(.openApp(d))
            }
            if w.noBackgroundLaunch && state.devices[d].wakePending { out.append(.declineWake(d)) }
            if w.tokenRotation && state.devices[d].cards.contains(where: { $0.token != 0 }) {
                out.append(.rotateToken(d))
            }
        }
        if w.serverRestart { for i in 0..<hosts { out.append(.restartServer(i)) } }
        if w.postLost { for i in state.posts.indices { out.append(.losePost(i)) } }
        if w.sendFails {
            for i in state.servers.indices where state.servers[i].tick != nil { out.append(.failSend(i)) }
        }
        if w.pushDropped { for i in state.pushes.indices { out.append(.dropPush(i)) } }
        if w.devBuildLaunch { out.append(.devBuildLaunch) }

        for i in state.servers.indices {
            let s = state.servers[i]
            if s.loading { out.append(.bootLoad(i)) }
            if let tick = s.tick {
                out.append(tick.targets.contains { $0.outcome == .pending } ? .send(i) : .apply(i))
            } else if serverWatches(i) && !s.loading {
                out.append(.tick(i))
            }
        }
        for i in state.posts.indices { out.append(.arrivePost(i)) }
        for i in state.pushes.indices { out.append(.deliverPush(i)) }
        for d in state.devices.indices {
            let device = state.devices[d]
            if device.wakePending && !device.app.isAlive { out.append(.backgroundLaunch(d)) }
            guard device.app.isAlive else { continue }
            // iOS suspends a background launch when its short window ends: at any point.
            if device.app == .background && !handlersPending(state, d) { out.append(.backgroundEnds(d)) }
            if !device.fetched || device.knownDown != state.hostsDown { out.append(.refresh(d)) }
            if device.needsSync { out.append(.sync(d)) }
            if activityUpdatesActs(state, d) { out.append(.activityUpdates(d)) }
        }
        return out
    }

    /// Whether server `i` runs a push watcher that can reach a phone. A non-default host's
    /// watcher holds no token while registration goes to the default host only, so its ticks
    /// cannot address anything and are not modelled (Models/README.md).
    func serverWatches(_ i: Int) -> Bool {
        if i == scratch { return FleetServer.pushWatcherEnabled(port: 8767, guards: guards) }
        return i == 0 || !guards.defaultHostOnly
    }
}
