import FleetCard

/// The adapter between the model's packed cells and FleetCard's documented logic: every
/// decision below is FleetCard's ("one copy, checked two ways"); this file only converts.
///
/// Time (Models/README.md, "Time"): every call runs at `now`, after every since stamp; each
/// active session's since is its order of entry into its state (`stamps`), handed to both
/// writers alike, so since never differs between them; a stored content's updatedAt is 0, so
/// the server's always moves. Stored contents keep neither clock.
enum FleetLogic {
    /// The app's one hidden-dir entry, and the dirs of the sessions: a hidden session runs in a
    /// subdirectory of it (a hidden dir hides its subdirectories, `FleetStoreView.isHidden`).
    static let hiddenDir = "/hidden"
    static let hiddenSessionDir = "/hidden/repo"
    static let shownDir = "/work"

    static func sid(_ index: Int) -> String { "s\(index + 1)" }
    static func host(_ index: Int) -> String { "h\(index + 1)" }
    static func index(ofSid sid: String) -> UInt8 { UInt8((Int(sid.dropFirst()) ?? 1) - 1) }

    static func session(_ i: Int, _ cell: SessionCell, spec: FleetConfig.SessionSpec) -> FleetSession {
        FleetSession(
            sid: sid(i), title: spec.title ?? sid(i), host: host(spec.host),
            dir: spec.hidden ? hiddenSessionDir : shownDir, busy: cell.activity == .working,
            paused: cell.activity == .blocked, prompt: cell.activity == .needsInput)
    }

    /// The time every tick, sync and truth runs at: after every since stamp (`stamps`).
    static let now = Double(FleetState.cacheCapacity)

    /// The since stamps both writers share: each active session's, in its current state, is its
    /// order of entry into that state (`SessionCell.since`), so rows order oldest-first by it.
    static func stamps(_ sessions: FleetState.Sessions) -> SinceMap {
        SinceMap(sessions.indices.compactMap { i in
            let c = sessions[i]
            guard c.activity.isActive else { return nil }
            return SinceStamp(sid: sid(i), state: c.activity == .needsInput ? .needsInput : .working, since: Double(c.since))
        })
    }

    /// A stored content as FleetCard's: a row's since is the session's stamp in `stamps` when it
    /// is still in that state (the stamp never moved), else `now`; its title is the writer's
    /// rendering the row keeps (`titles`; nil: the sid).
    static func content(_ c: CardContent, stamps: SinceMap, updatedAt: Double, titles: FleetTitles? = nil) -> FleetContentState {
        FleetContentState(
            working: Int(c.working), needsInput: Int(c.needsInput),
            rows: c.rows.map { r in
                let i = FleetTitles.index(r), s = sid(i)
                let state: FleetRowState = r & 1 == 1 ? .needsInput : .working
                let title = titles?.title(i, row: r) ?? s
                return FleetRow(sid: s, title: title, state: state, since: stamps.since(of: s, in: state) ?? now)
            },
            more: Int(c.more), updatedAt: updatedAt)
    }

    static func cell(_ c: FleetContentState, titles: FleetTitles? = nil) -> CardContent {
        CardContent(
            working: UInt8(clamping: c.working), needsInput: UInt8(clamping: c.needsInput),
            rows: FixedList(c.rows.lazy.map { row in
                let i = index(ofSid: row.sid)
                return i << 1 | (row.state == .needsInput ? 1 : 0) | (titles?.bit(Int(i), title: row.title) ?? 0)
            }),
            more: UInt8(clamping: c.more))
    }

    static func sids(_ mask: UInt8) -> [String] {
        (0..<8).filter { mask & (1 << $0) != 0 }.map { sid($0) }
    }

    static func mask(_ sids: [String]) -> UInt8 {
        sids.reduce(0) { $0 | (1 << index(ofSid: $1)) }
    }

    // MARK: the server

    /// A card memory holds the end hold's zero timer exactly when its content is the zeroed one
    /// (FleetCard sets it with a delivered zeroed update or a held tick, and only a delivered
    /// update with activity, an end or an /ended clears it), so the model keeps no bit for it:
    /// a zeroed card's timer is running and has not run out (`now`); when it runs out is the
    /// `holdEnds` step (Models/README.md, "End hold").
    static func memory(_ m: CardMemory, stamps: SinceMap, titles: FleetTitles?) -> FleetCardMemory? {
        switch m {
        case .none: nil
        case .adopted: FleetCardMemory(content: nil)
        case .card(let c):
            FleetCardMemory(content: content(c, stamps: stamps, updatedAt: 0, titles: titles), zeroSince: c.activeTotal == 0 ? now : nil)
        }
    }

    static func memoryCell(_ m: FleetCardMemory?, titles: FleetTitles?) -> CardMemory {
        guard let m else { return .none }
        return m.content.map { .card(cell($0, titles: titles)) } ?? .adopted
    }

    /// A since map holding the sids of `mask`, each stamped in its current state (`shared`, the
    /// sessions' `stamps`).
    static func since(_ mask: UInt8, sessions: FleetState.Sessions, stamps shared: SinceMap) -> SinceMap {
        SinceMap(sids(mask).map { s in
            let a = sessions[Int(index(ofSid: s))].activity
            let state: FleetRowState = a == .needsInput ? .needsInput : .working
            return SinceStamp(sid: s, state: state, since: shared.since(of: s, in: state) ?? now)
        })
    }

    static func persisted(_ p: PersistedCell?, sessions: FleetState.Sessions, titles: FleetTitles?) -> PersistedFleetState? {
        guard let p else { return nil }
        let shared = stamps(sessions)
        guard let current = memory(p.memory, stamps: shared, titles: titles) else { return nil }
        return PersistedFleetState(current: current, since: since(p.sinceMask, sessions: sessions, stamps: shared))
    }

    static func persistedCell(_ p: PersistedFleetState?, titles: FleetTitles?) -> PersistedCell? {
        p.map { PersistedCell(memory: memoryCell($0.current, titles: titles), sinceMask: mask($0.since.sids)) }
    }

    /// The box of `s`. One mask (`sinceMask`) holds the population the last decide recorded and
    /// stands for the since map's sids too: they differ only after a send that failed or had no
    /// token (FleetCard leaves since then), and the model never reads since's sids there: a
    /// tick's since comes from the shared stamps, the file is written only by a delivered start
    /// or update (which sets since to the tick's, the population), and /ended reads the
    /// population (Models/README.md, "The veto population").
    static func box(_ s: ServerCell, sessions: FleetState.Sessions, titles: FleetTitles?) -> FleetBox {
        let shared = stamps(sessions)
        return FleetBox(
            current: memory(s.memory, stamps: shared, titles: titles), since: since(s.sinceMask, sessions: sessions, stamps: shared),
            clientEnded: s.vetoMask.map { sids($0) }, population: sids(s.sinceMask), loadInFlight: s.loading,
            fleetEndedReported: s.endedDuringLoad)
    }

    /// Writes `box` back into `cell` (vetoLogged is dropped: the log line changes no behaviour;
    /// the card's zero timer is its zeroed content, see `memory`; `sinceMask` is the population,
    /// see `box`).
    static func store(_ box: FleetBox, into cell: inout ServerCell, titles: FleetTitles?) {
        let memory = memoryCell(box.current, titles: titles)
        if memory != cell.memory { cell.resurrected = false }
        cell.memory = memory
        cell.sinceMask = mask(box.population)
        cell.vetoMask = box.clientEnded.map { mask($0) }
        cell.loading = box.loadInFlight
        cell.endedDuringLoad = box.fleetEndedReported
    }

    static func server(_ s: ServerCell, registry: RegistryCell, sessions: FleetState.Sessions, titles: FleetTitles?) -> FleetServer {
        FleetServer(
            registry: self.registry(registry), box: box(s, sessions: sessions, titles: titles),
            file: persisted(s.file, sessions: sessions, titles: titles),
            pendingLoad: persisted(s.pendingLoad, sessions: sessions, titles: titles))
    }

    /// False, leaving `registry` as it was, when a registry list would not fit the model
    /// (`tokens`): the step is refused by the token-list capacity.
    static func store(
        _ server: FleetServer, into cell: inout ServerCell, registry: inout RegistryCell, titles: FleetTitles?
    ) -> Bool {
        store(server.box, into: &cell, titles: titles)
        cell.file = persistedCell(server.file, titles: titles)
        cell.pendingLoad = persistedCell(server.pendingLoad, titles: titles)
        guard let next = registryCell(server.registry) else { return false }
        registry = next
        return true
    }

    // MARK: tokens

    static func env(_ e: UInt8) -> ApnsEnvironment { e == 0 ? .production : .sandbox }
    static func envCell(_ e: ApnsEnvironment) -> UInt8 { e == .production ? 0 : 1 }
    static func token(_ t: TokenEntry) -> RegisteredToken { RegisteredToken("t\(t.token).d\(t.device)", env: env(t.env)) }
    /// Reads back `token(_:)`'s "t<token>.d<device>" (by hand: this runs on every registry step).
    static func entry(_ t: RegisteredToken) -> TokenEntry {
        var numbers: [Int] = [0, 0]
        var k = -1
        for byte in t.token.utf8 {
            if byte >= 48 && byte <= 57 {
                if k < 0 { k = 0 }
                numbers[k] = numbers[k] * 10 + Int(byte - 48)
            } else if byte == 46 {
                k = 1
            }
        }
        return TokenEntry(token: UInt8(clamping: numbers[0]), device: UInt8(clamping: numbers[1]), env: envCell(t.env))
    }

    static func registry(_ r: RegistryCell) -> TokenRegistry {
        TokenRegistry(pushToStart: r.pushToStart.map(token), update: r.update.map(token))
    }

    /// Nil when a list would not fit the model (`tokens`).
    static func registryCell(_ r: TokenRegistry) -> RegistryCell? {
        guard let pushToStart = tokens(r.pushToStart), let update = tokens(r.update) else { return nil }
        return RegistryCell(pushToStart: pushToStart, update: update)
    }

    /// A registry list as cells; nil for a list longer than the model holds (never cut: only a
    /// cap or supersede guard off grows one that far, and the step is refused, reported).
    static func tokens(_ list: [RegisteredToken]) -> FleetState.Tokens? {
        guard list.count <= FleetState.tokenCapacity else { return nil }
        return FixedList(list.lazy.map(entry))
    }

    /// POST /update-token. With a device id on the wire (variant) the slot is per device and
    /// environment: FleetCard's supersede removes that device's tokens of the environment only.
    static func registeringUpdateToken(
        _ server: FleetServer, _ t: TokenEntry, deviceId: Bool, guards: Guards
    ) -> FleetServer {
        guard deviceId else { return server.postingUpdateToken(token(t), guards: guards) }
        let env = self.env(t.env)
        return server.postingUpdateToken(
            token(t), guards: guards, sameSlot: { $0.env == env && entry($0).device == t.device })
    }

    // MARK: the app

    static func store(
        _ device: DeviceCell, sessions: FleetState.Sessions, specs: [FleetConfig.SessionSpec],
        countTrust: CountTrust = .noHostKnownDown
    ) -> FleetStoreView {
        // Before the first live fetch the store is hydrated from the GRDB cache, which may still
        // show sessions that have finished (spec: "GRDB hydration deliberately does not count").
        let seen = device.fetched ? sessions : FixedList(device.cache.lazy.map { SessionCell(activity: $0, duplicated: false) })
        return FleetStoreView(
            sessions: seen.indices.map { session($0, seen[$0], spec: specs[$0]) },
            hiddenDirs: [hiddenDir],
            knownDownHosts: (0..<8).filter { device.knownDown & (1 << $0) != 0 }.map { host($0) },
            liveFetchedOnce: device.fetched, hydratedFromDisk: !device.fetched, countTrust: countTrust)
    }

    /// The truth: what the app would compute awake, with a fresh trustworthy store (its titles
    /// are the app's renderings, so the row bytes carry no `FleetTitles.serverBit`).
    static func truth(sessions: FleetState.Sessions, specs: [FleetConfig.SessionSpec], guards: Guards) -> CardContent {
        let all = sessions.indices.map { session($0, sessions[$0], spec: specs[$0]) }
        let view = FleetStoreView(sessions: all, hiddenDirs: [hiddenDir], liveFetchedOnce: true)
        let snapshot = FleetActivitySnapshot.make(from: view, carrying: stamps(sessions), now: now, guards: guards)
        return cell(snapshot.content)
    }

    /// Whether two stored contents render alike (rows, in order, titles, and counts: since is
    /// abstracted).
    static func sameRenderable(_ a: CardContent, _ b: CardContent, guards: Guards, titles: FleetTitles? = nil) -> Bool {
        FleetContentState.sameRenderableContent(
            content(a, stamps: SinceMap(), updatedAt: 0, titles: titles),
            content(b, stamps: SinceMap(), updatedAt: 0, titles: titles), guards: guards)
    }
}
