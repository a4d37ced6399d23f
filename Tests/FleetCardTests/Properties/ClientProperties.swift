import FleetCard
import PropertyTesting

/// The app's guards: the end gate, dedupe, pushType .token, default-host registration
/// (spec: "Death", "3 · Dedupe ends the losers", "Path A", "default host only").
enum ClientProperties {
    static let endGateNeverEndsOnUnknown = FleetProperty(
        "the end gate never ends nor zeroes a card on an unknown count",
        FleetGen.syncCase, cover: ["cold store", "host down", "hydrated only", "trustworthy end"]
    ) { input, check, guards in
        guard input.card != nil else { return }
        let (action, _) = FleetClientSync(gate: input.gate).syncing(
            input.store, card: input.card, now: input.now, hold: input.hold, guards: guards)
        let known = input.store.liveFetchedOnce && input.store.knownDownHosts.isEmpty
        check.label("cold store", when: !input.store.liveFetchedOnce && !input.store.hydratedFromDisk)
        check.label("hydrated only", when: !input.store.liveFetchedOnce && input.store.hydratedFromDisk)
        check.label("host down", when: !input.store.knownDownHosts.isEmpty)
        check.label("trustworthy end", when: known && action == .end)
        if !known { try check.expect(action == .nothing, "\(action) on an unknown count") }
        if action == .end {
            let active = Spec.serverActive(input.store.filteredSessions)
            try check.expect(active.isEmpty, "ended with \(active.count) active")
        }
    }

    /// Creation gated on count trust (the real app, issue 14): a store hydrated from a stale cache
    /// or with a host known down creates no card (incident I9: such a card is then left alone).
    static let creationWaitsForTrust = FleetProperty(
        "the app creates no card from a count it cannot trust",
        FleetGen.syncCase, cover: ["cold store", "host down", "hydrated only", "trustworthy request"]
    ) { input, check, guards in
        let (action, _) = FleetClientSync().syncing(input.store, card: nil, now: input.now, guards: guards)
        let known = input.store.liveFetchedOnce && input.store.knownDownHosts.isEmpty
        let active = !Spec.serverActive(input.store.filteredSessions).isEmpty
        check.label("cold store", when: active && !input.store.liveFetchedOnce && !input.store.hydratedFromDisk)
        check.label("hydrated only", when: active && !input.store.liveFetchedOnce && input.store.hydratedFromDisk)
        check.label("host down", when: active && !input.store.knownDownHosts.isEmpty)
        guard case .request = action else { return }
        check.label("trustworthy request", when: known)
        try check.expect(known, "a card requested on an unknown count")
    }

    static let dedupeKeepsTheRightCard = FleetProperty(
        "dedupe keeps exactly one card, the newest updatedAt with ties to the larger id, in any order",
        FleetGen.cards, cover: ["two or more cards", "a tie"]
    ) { cards, check, guards in
        guard !cards.isEmpty else { return }
        check.label("two or more cards", when: cards.count > 1)
        let newest = cards.map(\.updatedAt).max() ?? 0
        check.label("a tie", when: cards.filter { $0.updatedAt == newest }.count > 1)
        let expected = cards.filter { $0.updatedAt == newest }.max { $0.id < $1.id }
        for order in [cards, cards.reversed()] {
            let ended = FleetActivityDedupe.cardsToEnd(order, guards: guards)
            let left = order.filter { !ended.contains($0) }
            try check.expect(left.count == 1, "\(left.count) cards left")
            try check.expect(left.first == expected, "kept \(left.first?.id ?? "-")")
        }
    }

    static let appCardsArePushCapable = FleetProperty(
        "every card the app creates is push-capable, so the server can keep it alive",
        FleetGen.syncCase, cover: ["a request"]
    ) { input, check, guards in
        let (action, _) = FleetClientSync().syncing(input.store, card: nil, now: input.now, guards: guards)
        guard case .request(_, let pushType) = action else { return }
        check.label("a request")
        try check.expect(pushType == .token, "requested with pushType \(pushType.map(\.rawValue) ?? "nil")")
    }

    static let registersWithOneHost = FleetProperty(
        "the phone registers its tokens with the default host only, so one watcher can start a card",
        Gen.array(of: Gen.element(of: FleetGen.hosts), count: 1...3).map(\.sortedUnique), cover: ["several hosts"]
    ) { hosts, check, guards in
        let defaultHost = hosts.first ?? "h1"
        check.label("several hosts", when: hosts.count > 1)
        let registered = FleetClientSync.registrationHosts(configured: hosts, defaultHost: defaultHost, guards: guards)
        try check.expect(registered == [defaultHost], "registered with \(registered)")
    }
}
