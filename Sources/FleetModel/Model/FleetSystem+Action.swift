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
        /// Time passes: server i's end hold runs out and it ticks (decide end); only with a hold.
        case holdEnds(Int)
        /// Time passes: the app's end hold runs out on phone d and it syncs (ends its card).
        case appHoldEnds(Int)

        /// The action's case without its indices, numbered in declaration order: what a
        /// transition property names as the steps it is about (`Model.actionCase(of:)`).
        public enum Case: Int, CaseIterable, Sendable {
            case setSession, toggleDuplicateRow, hostDown, hostUp, openApp, leaveApp, terminateApp
            case restartServer, losePost, failSend, dropPush, declineWake, backgroundEnds, rotateToken
            case devBuildLaunch
            case tick, send, apply, bootLoad, arrivePost, deliverPush, backgroundLaunch, refresh, sync
            case activityUpdates, holdEnds, appHoldEnds
        }

        public var `case`: Case {
            switch self {
            case .setSession: .setSession
            case .toggleDuplicateRow: .toggleDuplicateRow
            case .hostDown: .hostDown
            case .hostUp: .hostUp
            case .openApp: .openApp
            case .leaveApp: .leaveApp
            case .terminateApp: .terminateApp
            case .restartServer: .restartServer
            case .losePost: .losePost
            case .failSend: .failSend
            case .dropPush: .dropPush
            case .declineWake: .declineWake
            case .backgroundEnds: .backgroundEnds
            case .rotateToken: .rotateToken
            case .devBuildLaunch: .devBuildLaunch
            case .tick: .tick
            case .send: .send
            case .apply: .apply
            case .bootLoad: .bootLoad
            case .arrivePost: .arrivePost
            case .deliverPush: .deliverPush
            case .backgroundLaunch: .backgroundLaunch
            case .refresh: .refresh
            case .sync: .sync
            case .activityUpdates: .activityUpdates
            case .holdEnds: .holdEnds
            case .appHoldEnds: .appHoldEnds
            }
        }

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
            case .holdEnds(let i): "server \(i)'s end hold runs out (decide)"
            case .appHoldEnds(let d): "the app's end hold runs out on phone\(d.oneBased) (sync)"
            }
        }
    }

    /// The enabled candidates in a fixed order: world first (sessions, hosts, users, servers,
    /// faults), then system; `next` returns nil for those that turn out disabled.
    public func actions(in state: FleetState) -> [Action] {
        var out: [Action] = []
        actions(in: state, into: &out)
        return out
    }

    /// `actions(in:)` written into `out`, which the search hands from state to state: no array
    /// allocated and freed per state.
    public func actions(in state: FleetState, into out: inout [Action]) {
        out.removeAll(keepingCapacity: true)
        out.reserveCapacity(32)  // one allocation rather than one per doubling
        let w = config.world
        // Read in place (`InPlace`), by index: a cell bound to a `let` was copied whole.
        let c = state.inPlace
        let sessions = c.sessions
        for s in 0..<sessions.count {
            let activity = sessions[s].activity
            for a in w.sessionActivities where a != activity { out.append(.setSession(s, a)) }
            if w.duplicateRows { out.append(.toggleDuplicateRow(s)) }
        }
        let hostsDown = c.hostsDown
        if w.hostOutage {
            for h in 0..<hosts { out.append(hostsDown & (1 << h) == 0 ? .hostDown(h) : .hostUp(h)) }
        }
        let devices = c.devices
        let deviceCount = devices.count
        // Whether activityUpdates acts on phone d (bit d), tested once for the three candidates
        // that ask; then a live phone's handlers are pending (`handlersPending`) as follows.
        var acting: UInt8 = 0
        for d in 0..<deviceCount where activityUpdatesActs(devices[d]) { acting |= 1 << d }
        @inline(__always) func handlersPending(_ d: Int, _ device: InPlace<DeviceCell>) -> Bool {
            device.needsSync || acting & (1 << d) != 0
        }
        for d in 0..<deviceCount {
            let device = devices[d]
            switch device.app {
            // Not offered where `next` refuses it (the same test): no candidate step to refuse.
            case .foreground: if !handlersPending(d, device) { out.append(.leaveApp(d)) }
            case .suspended:
                out.append(.openApp(d))
                if w.appTerminated { out.append(.terminateApp(d)) }
            case .notRunning: out.append(.openApp(d))
            case .background:
                out.append(.openApp(d))
            }
            if w.noBackgroundLaunch && device.wakePending { out.append(.declineWake(d)) }
            if w.tokenRotation && Self.holdsCardToken(device) { out.append(.rotateToken(d)) }
        }
        let postCount = c.posts.count, pushCount = c.pushes.count
        let servers = c.servers
        let serverCount = servers.count
        if w.serverRestart { for i in 0..<hosts { out.append(.restartServer(i)) } }
        if w.postLost { for i in 0..<postCount { out.append(.losePost(i)) } }
        if w.sendFails {
            for i in 0..<serverCount where servers[i].tick != nil { out.append(.failSend(i)) }
        }
        if w.pushDropped { for i in 0..<pushCount { out.append(.dropPush(i)) } }
        if w.devBuildLaunch { out.append(.devBuildLaunch) }

        for i in 0..<serverCount {
            let server = servers[i]
            let loading = server.loading
            if loading { out.append(.bootLoad(i)) }
            if server.tick != nil {
                out.append(Self.sendsPending(server) ? .send(i) : .apply(i))
            } else if serverWatches(i) && !loading {
                out.append(.tick(i))
                if serverHold > 0 { out.append(.holdEnds(i)) }
            }
        }
        for i in 0..<postCount { out.append(.arrivePost(i)) }
        for i in 0..<pushCount { out.append(.deliverPush(i)) }
        for d in 0..<deviceCount {
            let device = devices[d]
            let app = device.app
            if device.wakePending && !app.isAlive { out.append(.backgroundLaunch(d)) }
            guard app.isAlive else { continue }
            // iOS suspends a background launch when its short window ends: at any point.
            if app == .background && !handlersPending(d, device) { out.append(.backgroundEnds(d)) }
            if !device.fetched || device.knownDown != hostsDown { out.append(.refresh(d)) }
            if device.needsSync { out.append(.sync(d)) }
            if acting & (1 << d) != 0 { out.append(.activityUpdates(d)) }
            if appHold > 0 { out.append(.appHoldEnds(d)) }
        }
    }

    /// Whether a card on the phone has an update token (one to rotate).
    @inline(__always) static func holdsCardToken(_ device: InPlace<DeviceCell>) -> Bool {
        let cards = device.cards
        for k in 0..<cards.count where cards[k].token != 0 { return true }
        return false
    }

    /// Whether the server's tick has a send still pending. Read down to each target, as
    /// `scanTokens` does: a tick bound to a `let` was copied.
    @inline(__always) static func sendsPending(_ server: InPlace<ServerCell>) -> Bool {
        let n = server.tick?.targets.count ?? 0
        for t in 0..<n where server.tick?.targets[t].outcome == .pending { return true }
        return false
    }

    /// Whether server `i` runs a push watcher that can reach a phone. A non-default host's
    /// watcher holds no token while registration goes to the default host only, so its ticks
    /// cannot address anything and are not modelled (Models/README.md).
    func serverWatches(_ i: Int) -> Bool {
        if i == scratch { return FleetServer.pushWatcherEnabled(port: 8767, guards: guards) }
        return i == 0 || !guards.defaultHostOnly
    }
}
