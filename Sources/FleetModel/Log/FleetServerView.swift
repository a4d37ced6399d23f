import Explorer
import FleetCard

/// The fleet's over-approximation for diagnosis (`LogOverApproximation`; Docs/diagnose.md,
/// "Split logs"): what the servers read and write (sessions, hosts, servers, token registries),
/// the phones and APNs free. A state is a `FleetState` with its phones blank but for their
/// push-to-start tokens, nothing in flight
/// and the servers' history bits cleared (`image(of:)`); the servers' own steps run the model's
/// code (`FleetSystem.stepRenaming`), so the lines are the model's; every phone's POST becomes
/// "any POST a phone could send, arriving now" (`Action.arrive`). A split log's join that the
/// servers cannot write whatever the phones do is proved unwritable here in a few thousand states.
public struct FleetServerView: LogOverApproximation {
    public let system: FleetSystem

    public init(_ system: FleetSystem) { self.system = system }

    public enum Action: Hashable, Sendable {
        /// One of the model's steps that the servers take or that changes what they read.
        case server(FleetSystem.Action)
        /// A POST arrives from a phone (or a dev build) with these fields.
        case arrive(PostCell)
        /// Phone d's push-to-start token is replaced by a fresh one (a launch, `pushToStartRotation`).
        case rotate(Int)
    }

    public var initialLogMemory: UInt8 { system.initialLogMemory }

    public func freshBinding() -> FleetLogBinding { FleetLogBinding(sessions: system.config.sessions.count, rebinds: true) }

    public static func lineKind(_ line: FleetModelLogEvent) -> String { line.kind }

    public func initialStates() -> [FleetState] { system.initialStates().map { image(of: $0).state } }

    /// The model's steps kept as they are: the servers', and the world's on what they read.
    /// Every other step (a phone's, APNs', a POST lost or sent) changes nothing kept and writes
    /// no line, or is an `arrive`.
    static func isServerStep(_ a: FleetSystem.Action) -> Bool {
        switch a {
        case .setSession, .toggleDuplicateRow, .hostDown, .hostUp, .restartServer, .failSend, .tick, .send, .apply,
            .bootLoad, .holdEnds:
            true
        default:
            false
        }
    }

    public func actions(in state: FleetState) -> [Action] {
        var out = system.actions(in: state).filter(Self.isServerStep).map(Action.server)
        // Any POST a phone could send, to each host it registers with: its push-to-start token
        // (kept in the view; any token once it rotates, an older one may still be on its way),
        // a card's update token, or an /ended. A card's token is fresh when made, so it is one
        // the servers do not hold, or one they hold that no one else's can be: not a
        // push-to-start token, not one a dev build or another phone registered.
        let fresh = UInt8(clamping: FleetSystem.maxToken(state) + 1)
        var pushToStart = Set<UInt8>()  // lookup only
        for device in state.devices { pushToStart.insert(device.pushToStartToken) }
        for r in state.registries.indices {
            for e in state.registries[r].pushToStart { pushToStart.insert(e.token) }
        }
        var others = [Set<UInt8>](repeating: pushToStart, count: system.config.devices.count)  // lookup only
        for d in others.indices {
            for r in state.registries.indices {
                for e in state.registries[r].update where Int(e.device) != d { others[d].insert(e.token) }
            }
        }
        let rotates = system.config.world.pushToStartRotation
        for d in system.config.devices.indices {
            let env = system.env(ofDevice: d)
            for h in system.registrationHosts {
                func post(_ e: PostCell.Endpoint, _ t: UInt8) -> Action { .arrive(PostCell(device: UInt8(d), host: UInt8(h), endpoint: e, token: t, env: env)) }
                if rotates {
                    for t in 1...fresh { out.append(post(.startToken, t)) }
                } else {
                    out.append(post(.startToken, state.devices[d].pushToStartToken))
                }
                for t in 1...fresh where !others[d].contains(t) { out.append(post(.updateToken, t)) }
                out.append(post(.ended, 0))
            }
            // A launch with a fresh push-to-start token (`pushToStartRotation`).
            if rotates { out.append(.rotate(d)) }
        }
        // A sandbox dev build registers a push-to-start token no one held (`devBuildLaunch`).
        if system.config.world.devBuildLaunch {
            out.append(.arrive(PostCell(device: 0xFF, host: 0, endpoint: .startToken, token: fresh, env: 1)))
        }
        return out
    }

    public func step(_ state: FleetState, _ action: Action) -> (state: FleetState, renaming: [UInt8])? {
        switch action {
        case .server(.failSend(let i)):
            // The model fails a send only to a live token, which a phone holds: here, any pending one.
            guard i < state.servers.count, var tick = state.servers[i].tick,
                let t = tick.targets.firstIndex(where: { $0.outcome == .pending }), !tick.targets[t].channel
            else { return nil }
            tick.targets[t].outcome = .failed
            var s = state
            s.servers[i].tick = tick
            return (s, [])
        case .server(let a):
            guard let (next, renaming) = system.stepRenaming(state, a) else { return nil }
            let image = image(of: next)
            return (image.state, FleetSystem.compact(Self.composed(renaming, image.numbering)))
        case .rotate(let d):
            guard d < state.devices.count else { return nil }
            var s = state
            s.devices[d].pushToStartToken = UInt8(clamping: FleetSystem.maxToken(state) + 1)
            let image = image(of: s)
            return (image.state, FleetSystem.compact(image.numbering))
        case .arrive(let post):
            let before = Self.with(post, state)
            guard let (next, renaming) = system.stepRenaming(before, .arrivePost(0)) else { return nil }
            let image = image(of: next)
            return (image.state, FleetSystem.compact(Self.composed(renaming, image.numbering)))
        }
    }

    public func logLines(_ before: FleetState, _ action: Action, _ after: FleetState, memory: inout UInt8) -> [FleetModelLogEvent] {
        switch action {
        case .server(let a): system.logEvents(before, a, after, vetoLogged: &memory)
        case .arrive(let post): system.logEvents(Self.with(post, before), .arrivePost(0), after, vetoLogged: &memory)
        case .rotate: []
        }
    }

    /// `state` with `post` the one POST in flight.
    static func with(_ post: PostCell, _ state: FleetState) -> FleetState {
        var s = state
        s.posts = [post]
        return s
    }

    /// What the servers' view keeps of a model state, and how its tokens were renumbered
    /// (`numbering[t]`: the number token `t` of `state` has in the image; 0: not kept).
    public func image(of state: FleetState) -> (state: FleetState, numbering: FleetSystem.TokenRenaming) {
        var s = state
        // A phone keeps only its push-to-start token (what its next launch POSTs).
        for d in s.devices.indices {
            let blank = DeviceCell(
                cards: [], app: .notRunning, fetched: false, knownDown: 0, pushToStartToken: s.devices[d].pushToStartToken,
                wakePending: false, needsSync: false, startsSinceWorld: 0, lastSynced: nil, cache: [])
            if s.devices[d] != blank { s.devices[d] = blank }
        }
        if !s.posts.isEmpty { s.posts = [] }
        if !s.pushes.isEmpty { s.pushes = [] }
        // History the servers never read (they name a finding's cause, or a push's).
        for i in s.servers.indices {
            if s.servers[i].resurrected { s.servers[i].resurrected = false }
            if s.servers[i].forgotSinceRegistration { s.servers[i].forgotSinceRegistration = false }
            if var tick = s.servers[i].tick, tick.besideRegistered != 0 {
                tick.besideRegistered = 0
                s.servers[i].tick = tick
            }
        }
        let first = FleetSystem.firstAppearance(s)
        system.renumberTokens(&s)
        return (s, FleetSystem.TokenRenaming(map: first, top: 255))
    }

    /// A step's renaming followed by the image's renumbering.
    static func composed(_ step: FleetSystem.TokenRenaming, _ image: FleetSystem.TokenRenaming) -> FleetSystem.TokenRenaming {
        var map = InlineArray<256, UInt8>(repeating: 0)
        for t in 0...Int(step.top) { map[t] = image[step[UInt8(t)]] }
        return FleetSystem.TokenRenaming(map: map, top: step.top)
    }
}
