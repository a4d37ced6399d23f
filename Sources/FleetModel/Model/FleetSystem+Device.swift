import FleetCard

extension FleetSystem {
    /// APNs delivers: a start creates a card (and asks iOS to wake the app), an update or end
    /// reaches the card holding the token, or every card of the phone for a broadcast.
    /// A start past `maxCardsPerDevice` is not taken and sets `refused` (a bound, not the logic).
    func deliverPush(_ s: inout FleetState, _ p: Int, refused: inout FleetBound?) -> Bool {
        guard p < s.pushes.count else { return false }
        let push = s.pushes.remove(at: p)
        let d = Int(push.device)
        switch push.action {
        case .start:
            guard s.devices[d].cards.count < config.bounds.maxCardsPerDevice else {
                refused = .maxCardsPerDevice
                return false
            }
            s.devices[d].cards.append(CardCell(
                content: push.content, token: freshToken(s), posted: false, pushCapable: true,
                origin: push.origin, registered: false, sendFailed: false, besideRegistered: push.besideRegistered))
            if !s.devices[d].app.isAlive { s.devices[d].wakePending = true }
            s.devices[d].startsSinceWorld = min(3, s.devices[d].startsSinceWorld + 1)
        case .update:
            let hit = addressed(s.devices[d], push)
            for c in hit.reversed() {
                var card = s.devices[d].cards.remove(at: c)
                card.content = push.content
                s.devices[d].cards.append(card)  // the newest updatedAt now
            }
        case .end:
            let hit = addressed(s.devices[d], push)
            for c in hit.reversed() { s.devices[d].cards.remove(at: c) }
        case .nothing:
            break
        }
        return true
    }

    /// The cards a push reaches, in ascending order.
    func addressed(_ device: DeviceCell, _ push: PushCell) -> [Int] {
        device.cards.indices.filter { c in
            push.channel ? device.cards[c].pushCapable : device.cards[c].token == push.token
        }
    }

    /// spec: "iOS is supposed to launch the app in the background" after a push-to-start.
    func backgroundLaunch(_ s: inout FleetState, _ d: Int) -> Bool {
        guard s.devices[d].wakePending, !s.devices[d].app.isAlive else { return false }
        let cold = s.devices[d].app == .notRunning
        if cold { launch(&s, d) }
        s.devices[d].app = .background
        s.devices[d].wakePending = false
        s.devices[d].needsSync = true
        if cold { launchSync(&s, d) }
        return true
    }

    /// The tail of SessionStore.refresh(): a live fetch completed, down hosts are known.
    func refresh(_ s: inout FleetState, _ d: Int) -> Bool {
        guard s.devices[d].app.isAlive, !s.devices[d].fetched || s.devices[d].knownDown != s.hostsDown
        else { return false }
        s.devices[d].fetched = true
        s.devices[d].knownDown = s.hostsDown
        s.devices[d].needsSync = true
        cacheLiveView(&s, d)
        return true
    }

    /// FleetActivityController.sync() (FleetCard's FleetClientSync) against the phone's newest card.
    func sync(_ s: inout FleetState, _ d: Int, refused: inout FleetBound?) -> Bool {
        guard s.devices[d].app.isAlive, s.devices[d].needsSync else { return false }
        s.devices[d].needsSync = false
        // syncNow is false only when a card it would create exceeds maxCardsPerDevice.
        guard syncNow(&s, d, launch: false) else {
            refused = .maxCardsPerDevice
            return false
        }
        return true
    }

    /// What one sync decides, in cells (FleetCard's `FleetClientSync.Action` and its next memory).
    struct SyncOutcome: Sendable {
        enum Request: Sendable { case create(CardContent, pushCapable: Bool), update(CardContent), end, nothing }
        let request: Request
        let lastSynced: CardContent?
    }

    /// The inputs of one sync: the store as the phone sees it, its newest card, its last sync
    /// (memoized by their words, `syncKey`).
    struct SyncInputs {
        let launch: Bool
        /// The app's scene is in the foreground: only then may it request a card.
        let foreground: Bool
        let fetched: Bool
        let knownDown: UInt8
        let seen: FleetState.Sessions
        let card: CardContent?
        let last: CardContent?
    }

    /// One sync: the launch's own sync runs on an empty store (spec C: "configure() →
    /// syncNow() runs immediately at launch, when SessionStore.sessions is still []").
    /// False when a request would exceed `maxCardsPerDevice` (the step is not taken).
    @discardableResult
    func syncNow(_ s: inout FleetState, _ d: Int, launch: Bool) -> Bool {
        let device = s.devices[d]
        let seen = device.fetched ? s.sessions : FixedList(device.cache.lazy.map { SessionCell(activity: $0, duplicated: false) })
        let inputs = SyncInputs(
            launch: launch, foreground: device.app == .foreground, fetched: device.fetched, knownDown: device.knownDown, seen: seen,
            card: device.cards.last?.content, last: device.lastSynced)
        let outcome = syncs.value(Self.syncKey(inputs)) { syncOutcome(inputs, device) }
        return applySync(&s, d, outcome)
    }

    /// What a sync decided, done: the card created, updated or ended (false: a card it would
    /// create exceeds `maxCardsPerDevice`).
    func applySync(_ s: inout FleetState, _ d: Int, _ outcome: SyncOutcome) -> Bool {
        s.devices[d].lastSynced = outcome.lastSynced
        switch outcome.request {
        case .create(let content, let capable):
            guard s.devices[d].cards.count < config.bounds.maxCardsPerDevice else { return false }
            s.devices[d].cards.append(CardCell(
                content: content, token: capable ? freshToken(s) : 0, posted: false,
                pushCapable: capable, origin: .app, registered: false, sendFailed: false, besideRegistered: false))
        case .update(let content):
            // Every fleet card is updated and its updatedAt moves; their order among themselves
            // (the id tie-break) is kept, so the list order stays the updatedAt order.
            for c in s.devices[d].cards.indices { s.devices[d].cards[c].content = content }
        case .end:
            s.devices[d].cards.removeAll()
            for h in registrationHosts {
                s.post(PostCell(device: UInt8(d), host: UInt8(h), endpoint: .ended, token: 0, env: env(ofDevice: d)))
            }
        case .nothing:
            break
        }
        return true
    }

    /// Decode → call FleetCard's `FleetClientSync.syncing` → encode (memoized by `syncNow`).
    func syncOutcome(_ key: SyncInputs, _ device: DeviceCell, gate: FleetEndGate = FleetEndGate()) -> SyncOutcome {
        var store = FleetLogic.store(device, sessions: key.seen, specs: config.sessions, countTrust: config.variants.countTrust)
        if key.launch {
            store.sessions = []
            store.hydratedFromDisk = false
        }
        // The app's since map carries every active session's shared stamp (Models/README.md, "Time").
        let stamps = FleetLogic.stamps(key.seen)
        let card = key.card.map { FleetLogic.content($0, stamps: stamps, updatedAt: 0, titles: titles) }
        let last = key.last.map { FleetLogic.content($0, stamps: stamps, updatedAt: 0, titles: titles) }
        let (action, next) = FleetClientSync(carry: stamps, gate: gate, last: last)
            .syncing(store, card: card, now: FleetLogic.now, foreground: key.foreground, hold: Double(appHold), guards: guards)
        let request: SyncOutcome.Request
        switch action {
        case .request(let content, let pushType): request = .create(FleetLogic.cell(content, titles: titles), pushCapable: pushType != nil)
        case .update(let content): request = .update(FleetLogic.cell(content, titles: titles))
        case .end: request = .end
        case .nothing: request = .nothing
        }
        return SyncOutcome(request: request, lastSynced: next.last.map { FleetLogic.cell($0, titles: titles) })
    }

    /// FleetCard's dedupe on a phone's `count` cards (ids by position, newer later), as a bit
    /// per card it ends: it depends on the count alone, so the model asks once per count.
    static func dedupeLosers(count: Int, guards: Guards) -> UInt64 {
        let refs = (0..<count).map { FleetCardRef(id: "card\($0)", updatedAt: Double($0)) }
        let losers = Set(FleetActivityDedupe.cardsToEnd(refs, guards: guards).map(\.id))
        var mask: UInt64 = 0
        for k in 0..<count where losers.contains("card\(k)") { mask |= 1 << UInt64(k) }
        return mask
    }

    /// The dedupe's losers on a phone with `count` cards, from the table made at init (it covers
    /// 0...cardCapacity; the fallback only guards the subscript).
    func dedupeLosers(count: Int) -> UInt64 {
        count < parts.dedupeLosers.count ? parts.dedupeLosers[count] : Self.dedupeLosers(count: count, guards: guards)
    }

    /// LiveActivityManager on an activityUpdates arrival: dedupe ends the losers (cancelling
    /// their token tasks), then each surviving push-capable card's token is POSTed.
    func activityUpdates(_ s: inout FleetState, _ d: Int) -> Bool {
        guard s.devices[d].app.isAlive else { return false }
        var changed = false
        let losers = dedupeLosers(count: s.devices[d].cards.count)
        if losers != 0 {
            let cards = s.devices[d].cards
            s.devices[d].cards = FixedList(cards.indices.lazy.filter { losers & (1 << $0) == 0 }.map { cards[$0] })
            changed = true
        }
        for c in s.devices[d].cards.indices where s.devices[d].cards[c].token != 0 && !s.devices[d].cards[c].posted {
            s.devices[d].cards[c].posted = true
            for h in registrationHosts {
                s.post(PostCell(
                    device: UInt8(d), host: UInt8(h), endpoint: .updateToken,
                    token: s.devices[d].cards[c].token, env: env(ofDevice: d)))
            }
            changed = true
        }
        return changed
    }

    /// The GRDB cache follows the live store: every session of a host the app can reach, as
    /// fetched (a down host's sessions keep their last fetched state).
    func cacheLiveView(_ s: inout FleetState, _ d: Int) {
        guard s.devices[d].app.isAlive, s.devices[d].fetched else { return }
        for k in s.devices[d].cache.indices where s.devices[d].knownDown & (1 << config.sessions[k].host) == 0 {
            s.devices[d].cache[k] = s.sessions[k].activity
        }
    }

    /// Work the app does at once with its trigger: a sync due "within a frame" of an observation,
    /// launch, refresh or foregrounding, and the activityUpdates handler's dedupe and token
    /// registration "in the same wake". Leaving the app or the end of a background window does
    /// not cut in before them (Models/README.md, "Handlers run with their trigger").
    func handlersPending(_ s: FleetState, _ d: Int) -> Bool { handlersPending(s.device(d)) }

    /// `handlersPending` of the phone, read in place.
    @inline(__always) func handlersPending(_ device: InPlace<DeviceCell>) -> Bool {
        guard device.app.isAlive else { return false }
        if device.needsSync { return true }
        return activityUpdatesActs(device)
    }

    /// Whether `activityUpdates` would change anything on phone `d` (without running it on a
    /// copy of the state): a dedupe loser to end, or a card token not yet POSTed.
    func activityUpdatesActs(_ s: FleetState, _ d: Int) -> Bool { activityUpdatesActs(s.device(d)) }

    /// `activityUpdatesActs` of the phone, read in place (no cell copied out).
    @inline(__always) func activityUpdatesActs(_ device: InPlace<DeviceCell>) -> Bool {
        guard device.app.isAlive else { return false }
        let cards = device.cards
        let n = cards.count
        // With no loser every card survives the dedupe, so each is one activityUpdates reads.
        if dedupeLosers(count: n) != 0 { return true }
        for k in 0..<n where cards[k].token != 0 && !cards[k].posted { return true }
        return false
    }
}
