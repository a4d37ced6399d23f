import FleetCard

/// Why a bad state is bad: each property class is split by cause, so a documented hole and a
/// guard's bug are told apart by name (`zombie-card:idle-phone`), never suppressed.
extension FleetSystem {
    static let duplicateCauses = [
        "not-deduped", "second-writer", "started-beside-registered", "start-raced-registration", "no-wake",
    ]
    static let zombieCauses = [
        "not-push-capable", "host-down", "two-phones", "idle-phone", "unaddressable", "server-forgot",
        "advanced-despite-failure", "other-writer-moved", "stale-delivery", "server-view", "adopted-never-filled",
        "title-seam",
    ]
    static let missingCauses = ["host-down", "two-phones", "resurrected", "server-ghost", "server-view", "veto", "no-start-token"]

    func truth(_ s: FleetState) -> CardContent {
        truths.value(Self.truthKey(s)) { FleetLogic.truth(sessions: s.sessions, specs: config.sessions, guards: guards) }
    }

    /// The app is running and its store knows a host is down: its count is unknown, so its end
    /// gate leaves every card untouched and it creates none (spec: "E · A host goes offline");
    /// with countTrust liveFetchOfEveryUpHost, its count leaves that host's sessions out.
    func appSeesHostDown(_ s: FleetState, _ d: Int) -> Bool {
        s.devices[d].app.isAlive && s.devices[d].knownDown != 0
    }

    /// The cause of a duplicate on phone `d`, or nil when it shows at most one card.
    func duplicateCause(_ s: FleetState, _ d: Int) -> String? {
        let device = s.devices[d]
        guard device.cards.count > 1 else { return nil }
        if device.app.isAlive { return "not-deduped" }
        if device.cards.contains(where: { $0.origin == .otherServer }) { return "second-writer" }
        if device.cards.contains(where: \.besideRegistered) { return "started-beside-registered" }
        if device.cards.contains(where: { $0.origin == .app }) && device.cards.contains(where: { $0.origin == .server }) {
            return "start-raced-registration"
        }
        return "no-wake"
    }

    /// The cause of a wrong card on phone `d`, or nil when every card it shows is right.
    func zombieCause(_ s: FleetState, _ d: Int) -> String? {
        let truth = truth(s)
        guard let c = s.devices[d].cards.first(where: { card in
            truth.activeTotal == 0 || card.content != truth
        }) else { return nil }
        // Right but for titles the server wrote (trimmed or cut) that the app writes whole: the
        // writers are not the mirrors the spec says ("there is no fidelity seam").
        if c.content.hasServerTitles && c.content.withAppTitles == truth { return "title-seam" }
        if !c.pushCapable { return "not-push-capable" }
        if appSeesHostDown(s, d) && s.hostsDown != 0 { return "host-down" }
        // The server's own view is what the card shows: a delivered token or a broadcast channel
        // would carry that same content, so the token slot is not why the card is wrong.
        if decision(s, server: 0).content.withAppTitles == c.content.withAppTitles { return "server-view" }
        let slot = s.registries[0].update
        if !config.variants.broadcastChannel && !slot.contains(where: { $0.token == c.token }) {
            let env = env(ofDevice: d)
            let taken = slot.contains { t in
                t.env == env && t.device != UInt8(d) && owner(of: t.token, in: s) != nil
            }
            if c.registered && taken { return "two-phones" }
            // A registration still in flight (waiting at a down host) is not an idle phone: the
            // app did launch and send its token.
            let sent = s.posts.contains { $0.endpoint == .updateToken && $0.token == c.token }
            if !c.registered && c.origin != .app && !sent { return "idle-phone" }
            return "unaddressable"
        }
        switch s.servers[0].memory {
        case .none: return "server-forgot"
        case .adopted: return "adopted-never-filled"
        case .card(let m):
            guard m != c.content else { return "server-view" }
            // The last send to the card failed: either the server counted it delivered (its memory
            // moved past the card), or the threshold held the memory while the app wrote the card.
            if c.sendFailed { return c.failureCounted ? "advanced-despite-failure" : "other-writer-moved" }
            return "stale-delivery"
        }
    }

    /// The cause of a missing card on phone `d`, or nil when it is not missing.
    func missingCause(_ s: FleetState, _ d: Int) -> String? {
        guard s.devices[d].cards.isEmpty, truth(s).activeTotal > 0 else { return nil }
        let server = s.servers[0]
        if appSeesHostDown(s, d) && s.hostsDown != 0 && decide(s, server: 0).action != .start { return "host-down" }
        if server.memory != .none && server.resurrected { return "resurrected" }
        if server.memory != .none {
            // The server's one card is another phone's (spec: "Two devices, one slot").
            let others = s.devices.indices.filter { $0 != d }.flatMap { s.devices[$0].cards.map(\.token) }
            return s.registries[0].update.contains(where: { others.contains($0.token) }) ? "two-phones" : "server-ghost"
        }
        let decided = decide(s, server: 0)
        if decided.content.activeTotal == 0 { return "server-view" }
        if decided.vetoed { return "veto" }
        let live = s.registries[0].pushToStart.contains { t in
            t.token == s.devices[d].pushToStartToken || (config.variants.olderPushToStartHonoured && t.device == UInt8(d))
        }
        if !live { return "no-start-token" }
        return "missing-card"
    }
}
