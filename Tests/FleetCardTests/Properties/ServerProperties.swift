import FleetCard
import PropertyTesting

/// The server's guards: veto, delivery threshold, adoption, the boot-time load, the canonical
/// port, and the token registry (spec: "The start veto", "Delivery threshold ...", the endpoint
/// table, "F · The server restarts", "Feature flag", "Two tokens").
enum ServerProperties {
    static let vetoHoldsUntilThePopulationChanges = FleetProperty(
        "the veto refuses a start exactly while every active session is in the ended population, logged once per population and again after a tick that was not vetoed",
        FleetGen.vetoCase, cover: ["vetoed", "population changed", "veto cleared by a start"]
    ) { input, check, guards in
        var box = FleetBox(clientEnded: input.ended.isEmpty ? nil : input.ended)
        var population = box.clientEnded, logs = 0
        for (index, moment) in input.script.moments.enumerated() {
            if moment.phoneEnded {
                box = box.noteFleetActivityEnded().box
                population = box.clientEnded
                logs = 0
            }
            let tick = reduceFleetLiveActivity(moment.sessions, box, now: moment.at, guards: guards)
            box = box.recording(tick)
            let active = Spec.serverActive(moment.sessions).map(\.sid)
            if box.current == nil, !active.isEmpty, let population {
                let inside = active.allSatisfy { population.contains($0) }
                check.label(inside ? "vetoed" : "population changed")
                try check.expect((tick.action == .start) == !inside, "start \(tick.action == .start) with population \(population)")
            }
            if tick.logsVeto { logs += 1 }
            try check.expect(logs <= 1, "start-vetoed logged \(logs) times for one population with no unvetoed tick between")
            try check.expect(!tick.vetoed || logs == 1, "a vetoed tick with the line not logged since the last unvetoed tick")
            if !tick.vetoed { logs = 0 }
            let accepted = index < input.startAccepted.count && input.startAccepted[index]
            box = box.applying(tick, FleetDelivery(attempted: 1, accepted: accepted ? 1 : 0), guards: guards).box
            if tick.action == .start, accepted {
                check.label("veto cleared by a start", when: population != nil)
                population = nil
            }
        }
    }

    static let nextActivityAfterAnEndIsStarted = FleetProperty(
        "after the phone ends the card because nothing is active, the next activity is push-started",
        FleetGen.script(duplicates: false, phoneEnds: true), cover: ["the phone ended an empty card"]
    ) { script, check, guards in
        var box = FleetBox.empty, phoneAgrees = false
        for moment in script.moments {
            let active = Spec.serverActive(moment.sessions)
            if moment.phoneEnded, active.isEmpty {
                check.label("the phone ended an empty card")
                box = box.noteFleetActivityEnded().box
                phoneAgrees = true
            }
            let tick = reduceFleetLiveActivity(moment.sessions, box, now: moment.at, guards: guards)
            box = box.recording(tick)
            if phoneAgrees, box.current == nil, !active.isEmpty {
                try check.expect(tick.action == .start, "t=\(Int(moment.at)): \(active.map(\.sid)) active, start vetoed by \(box.clientEnded ?? [])")
            }
            box = box.applying(tick, FleetDelivery(attempted: 1, accepted: 1), guards: guards).box
        }
    }

    static let shortfallNeverAdvances = FleetProperty(
        "a delivery shortfall never advances the server's state",
        FleetGen.deliveryCase, cover: ["update shortfall", "start shortfall", "end shortfall"]
    ) { input, check, guards in
        let tick = reduceFleetLiveActivity(input.sessions, input.box, now: 1_000, guards: guards)
        let (box, file) = input.box.applying(tick, input.delivery, guards: guards)
        let shortfall = switch tick.action {
        case .start: input.delivery.accepted == 0
        case .update, .end: input.delivery.accepted < input.delivery.attempted
        case .nothing: false
        }
        guard shortfall else { return }
        check.label("\(tick.action.rawValue) shortfall")
        try check.expect(box.current == input.box.current, "\(tick.action) advanced on \(input.delivery.accepted)/\(input.delivery.attempted)")
        try check.expect(file == .keep, "the file changed on a shortfall")
    }

    static let registrationAdoptsTheCard = FleetProperty(
        "after an update-token registration the server never push-starts a second card",
        FleetGen.deliveryCase, cover: ["active sessions", "a veto population"]
    ) { input, check, guards in
        let server = FleetServer(box: input.box).postingUpdateToken(token1, guards: guards)
        let tick = server.decide(input.sessions, now: 1_000, guards: guards)
        check.label("active sessions", when: tick.content.activeTotal > 0)
        check.label("a veto population", when: input.box.clientEnded != nil)
        try check.expect(tick.action != .start, "push-start beside the app's card")
        guard input.box.current == nil else { return }  // re-registration: the box is untouched
        try check.expect(server.box.clientEnded == nil && !server.box.vetoLogged && !tick.vetoed,
                         "the veto \(input.box.clientEnded ?? []) survived the registration")
    }

    /// The registration's own effect, whatever adoption does (spec "The start veto": "cleared ...
    /// by the phone registering an update token"); it holds with adoptOnTokenRegistration off too.
    /// While a card is tracked the real handler returns early: the box is left as it is.
    static let registrationClearsTheVeto = FleetProperty(
        "an update-token registration stores the token; with no card tracked it clears the veto, adopting or not; with one it changes nothing else",
        FleetGen.deliveryCase, cover: ["a veto population", "a card tracked"]
    ) { input, check, guards in
        let server = FleetServer(box: input.box).postingUpdateToken(token1, guards: guards)
        check.label("a veto population", when: input.box.clientEnded != nil)
        check.label("a card tracked", when: input.box.current != nil)
        try check.expect(server.registry.update.contains(token1), "the token was not stored")
        if guards.adoptOnTokenRegistration && input.box.current != nil {
            try check.expect(server.box == input.box && server.file == nil, "re-registration changed the box")
            return
        }
        try check.expect(server.box.clientEnded == nil && !server.box.vetoLogged,
                         "the veto \(input.box.clientEnded ?? []) survived the registration")
        let expected = guards.adoptOnTokenRegistration ? FleetCardMemory(content: nil) : input.box.current
        try check.expect(server.box.current == expected, "card \(String(describing: server.box.current))")
    }

    static let endedDuringLoadWins = FleetProperty(
        "an /ended during the boot-time load is never overwritten by the on-disk snapshot",
        FleetGen.restartCase, cover: ["a card on disk"]
    ) { input, check, guards in
        var server = FleetServer().postingStartToken(token1, guards: guards)
        if input.registerBeforeRestart { server = server.postingUpdateToken(token2, guards: guards) }
        let tick = server.decide(input.sessions, now: 0, guards: guards)
        server = server.applying(tick, FleetDelivery(attempted: 1, accepted: 1), guards: guards).restarted()
        check.label("a card on disk", when: server.file != nil)
        guard input.endedDuringLoad else { return }
        let loaded = server.postingEnded().completingBootLoad(guards: guards)
        try check.expect(loaded.box.current == nil, "the dead card was resurrected by the load")
        // No tick has decided since the restart: the /ended records an empty veto population, and
        // the next start over those sessions is sent (the real server's, issue 50).
        try check.expect(loaded.box.clientEnded == [], "veto population \(loaded.box.clientEnded ?? [])")
    }

    static let onlyTheCanonicalPortPushes = FleetProperty(
        "only the watcher on the canonical port pushes, however many share the token store",
        Gen.array(of: Gen.int(in: 8760...8770), count: 0...3), cover: ["a scratch server"]
    ) { scratch, check, guards in
        let ports = [FleetServer.canonicalPort] + scratch
        check.label("a scratch server", when: scratch.contains { $0 != FleetServer.canonicalPort })
        let pushing = ports.filter { FleetServer.pushWatcherEnabled(port: $0, guards: guards) }
        try check.expect(Set(pushing) == [FleetServer.canonicalPort], "pushing ports \(pushing)")
    }

    static let pushToStartCapped = FleetProperty(
        "push-to-start keeps the newest 3 tokens per environment, and one environment's churn never evicts another's",
        FleetGen.registryOps, cover: ["more than 3 in one environment"]
    ) { ops, check, guards in
        var registry = TokenRegistry()
        for op in ops {
            let before = registry
            registry = apply(op, to: registry, guards: guards)
            for env in ApnsEnvironment.allCases {
                let kept = registry.pushToStart.filter { $0.env == env }
                try check.expect(kept.count <= 3, "\(kept.count) push-to-start tokens in \(env)")
            }
            if case .startToken(let token, let env) = op {
                check.label("more than 3 in one environment", when: before.pushToStart.filter { $0.env == env }.count == 3)
                try check.expect(registry.pushToStart.contains(RegisteredToken(token, env: env)), "the registered token is not held")
                // First-registration order: kept records keep their order, a new one is appended.
                let was = before.pushToStart.map(\.token)
                try check.expect(
                    Self.isSubsequence(registry.pushToStart.map(\.token), of: was.contains(token) ? was : was + [token]),
                    "reordered: \(was) -> \(registry.pushToStart.map(\.token))")
                let others = { (r: TokenRegistry) in r.pushToStart.filter { $0.env != env && $0.token != token } }
                try check.expect(others(registry) == others(before), "another environment's token was evicted")
            }
        }
    }

    static let oneUpdateTokenPerEnvironment = FleetProperty(
        "exactly one update token per environment: a new one supersedes the old",
        FleetGen.registryOps, cover: ["superseded"]
    ) { ops, check, guards in
        var registry = TokenRegistry()
        var newest: [ApnsEnvironment: String] = [:]  // lookup only
        for op in ops {
            let before = registry
            registry = apply(op, to: registry, guards: guards)
            switch op {
            case .updateToken(let token, let env):
                check.label("superseded", when: newest[env].map { $0 != token } ?? false)
                for other in ApnsEnvironment.allCases where newest[other] == token { newest[other] = nil }
                newest[env] = token
            case .gone(let token):
                for env in ApnsEnvironment.allCases where newest[env] == token { newest[env] = nil }
            case .startToken:
                break
            }
            if case .updateToken(let token, _) = op {
                let was = before.update.map(\.token)
                try check.expect(
                    Self.isSubsequence(registry.update.map(\.token), of: was.contains(token) ? was : was + [token]),
                    "reordered: \(was) -> \(registry.update.map(\.token))")
            }
            for env in ApnsEnvironment.allCases {
                let held = registry.update.filter { $0.env == env }.map(\.token)
                try check.expect(held == (newest[env].map { [$0] } ?? []), "update tokens in \(env): \(held)")
            }
        }
    }

    /// Whether `a` is `b` with some elements taken out, the rest in order.
    static func isSubsequence(_ a: [String], of b: [String]) -> Bool {
        var rest = b[...]
        for x in a {
            guard let k = rest.firstIndex(of: x) else { return false }
            rest = rest[(k + 1)...]
        }
        return true
    }

    static func apply(_ op: RegistryOp, to registry: TokenRegistry, guards: Guards) -> TokenRegistry {
        switch op {
        case .startToken(let token, let env): registry.upsertingStartToken(RegisteredToken(token, env: env), guards: guards)
        case .updateToken(let token, let env): registry.registeringUpdateToken(RegisteredToken(token, env: env), guards: guards)
        case .gone(let token): registry.pruning(token)
        }
    }
}
