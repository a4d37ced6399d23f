import FleetCard
import PropertyTesting

/// The sticky since baseline and the push discipline across ticks with a moving clock
/// (spec: "since is a sticky baseline", "The server", "The app").
enum SinceProperties {
    static let serverSinceIsSticky = FleetProperty(
        "since is sticky per session and state, restarts on a change, and survives scrolling out of the rows (server)",
        FleetGen.script(duplicates: false), cover: ["kept across ticks", "restarted", "back from off-screen"]
    ) { script, check, guards in
        var expected: [String: (state: FleetRowState, since: Double)] = [:]  // lookup only
        var offScreen: [String] = []
        for (moment, step) in zip(script.moments, runServer(script, guards: guards)) {
            var next: [String: (state: FleetRowState, since: Double)] = [:]
            for active in Spec.serverActive(moment.sessions) {
                if let prior = expected[active.sid], prior.state == active.state {
                    next[active.sid] = prior
                } else {
                    check.label("restarted", when: expected[active.sid] != nil)
                    next[active.sid] = (active.state, moment.at)
                }
            }
            for row in step.tick.content.rows {
                let want = next[row.sid]?.since
                try check.expect(row.since == want, "\(row.sid) since \(row.since), expected \(want.map { "\($0)" } ?? "-")")
                check.label("kept across ticks", when: row.since < moment.at)
                check.label("back from off-screen", when: offScreen.contains(row.sid) && row.since < moment.at)
            }
            let stamps = next.keys.sorted().compactMap { sid in next[sid].map { SinceStamp(sid: sid, state: $0.state, since: $0.since) } }
            try check.expect(step.tick.since == SinceMap(stamps), "the since map keeps every active session")
            offScreen = next.keys.sorted().filter { sid in !step.tick.content.rows.contains { $0.sid == sid } }
            expected = next
        }
    }

    static let serverNeverPushesUnchangedContent = FleetProperty(
        "a change of only updatedAt is never a push (server)",
        FleetGen.script(duplicates: false), cover: ["an unchanged tick", "an update"]
    ) { script, check, guards in
        for step in runServer(script, guards: guards) {
            guard step.tick.action == .update, let shown = step.before.current?.content else {
                check.label("an unchanged tick", when: step.tick.action == .nothing && step.before.current != nil)
                continue
            }
            check.label("an update")
            try check.expect(!Spec.renderablyEqual(shown, step.tick.content), "update at t=\(step.tick.content.updatedAt) pushes what the card shows")
        }
    }

    static let appNeverUpdatesUnchangedContent = FleetProperty(
        "a change of only updatedAt is never an update (app)",
        FleetGen.script(duplicates: false), cover: ["an unchanged sync", "an update"]
    ) { script, check, guards in
        var sync = FleetClientSync(), card: FleetContentState? = nil
        for moment in script.moments {
            let (action, next) = sync.syncing(liveStore(moment.sessions), card: card, now: moment.at, guards: guards)
            sync = next
            switch action {
            case .request(let content, _):
                card = content
            case .update(let content):
                check.label("an update")
                if let shown = card { try check.expect(!Spec.renderablyEqual(shown, content), "update at t=\(moment.at) changes nothing") }
                card = content
            case .end:
                card = nil
            case .nothing:
                check.label("an unchanged sync", when: card != nil)
            }
        }
    }

    static let restartKeepsBaselines = FleetProperty(
        "a server restart keeps every row's elapsed baseline",
        Gen.zip(FleetGen.script(duplicates: false), Gen.int(in: 1...8)).map { RestartScript(script: $0, restartBefore: $1) },
        cover: ["restart with a card"]
    ) { input, check, guards in
        let steady = runServer(input.script, guards: guards)
        var server = FleetServer(), delivered = FleetDelivery(attempted: 1, accepted: 1)
        for (index, moment) in input.script.moments.enumerated() {
            if index == input.restartBefore {
                check.label("restart with a card", when: server.file != nil)
                server = server.restarted().completingBootLoad(guards: guards)
            }
            let tick = server.decide(moment.sessions, now: moment.at, guards: guards)
            server = server.applying(tick, delivered, guards: guards)
            let expected = steady[index].tick.content.rows
            try check.expect(tick.content.rows == expected,
                             "t=\(Int(moment.at)): rows \(tick.content.rows.map { "\($0.sid)@\(Int($0.since))" }) after the restart, "
                                + "\(expected.map { "\($0.sid)@\(Int($0.since))" }) without it")
        }
    }
}
