import FleetCard
import Testing
@testable import FleetModel

/// Every field of a fleet state reaches its fingerprint: a state with every optional part
/// present is changed one field at a time, and the list of changes must cover every field the
/// state's type has (found by reflection), so a field added later fails here until it is packed.
@Suite("FleetSystem fingerprint, field by field")
struct FleetFingerprintFieldTests {
    let model = FleetSystem(config: Fixture.config(devices: 2))

    static let content = CardContent(working: 1, needsInput: 1, rows: [0, 3], more: 0)

    /// A state with every array non-empty and every optional present.
    func full() -> FleetState {
        var s = model.initialStates()[0]
        s.sessions[0] = SessionCell(activity: .working, duplicated: false)
        let decided = DecidedTick(model.decide(s, server: 0))
        s.servers[0] = ServerCell(
            memory: .card(Self.content), sinceMask: 1, vetoMask: 1, loading: false, endedDuringLoad: false,
            resurrected: false, forgotSinceRegistration: false,
            file: PersistedCell(memory: .card(Self.content), sinceMask: 1),
            pendingLoad: PersistedCell(memory: .card(Self.content), sinceMask: 1),
            tick: TickCell(
                action: .update, content: Self.content, sinceMask: 1,
                targets: [TargetCell(token: 3, env: 0, channel: false, outcome: .pending)],
                besideRegistered: 0, decided: decided))
        s.registries[0].update = [TokenEntry(token: 3, device: 0, env: 0)]
        s.devices[0].cards = [CardCell(
            content: Self.content, token: 3, posted: false, pushCapable: true, origin: .server,
            registered: false, sendFailed: false, besideRegistered: false)]
        s.devices[0].lastSynced = Self.content
        s.devices[0].cache = [.working]
        s.pushes = [PushCell(
            device: 0, action: .update, content: Self.content, token: 3, channel: false, origin: .server,
            besideRegistered: false)]
        s.posts = [PostCell(device: 0, host: 0, endpoint: .updateToken, token: 3, env: 0)]
        return s
    }

    /// One change per field path (arrays as `[]`, optionals and enum payloads by case name).
    static func changeContent(_ c: inout CardContent, _ path: String) -> Bool {
        switch path {
        case "working": c.working += 1
        case "needsInput": c.needsInput += 1
        case "rows[]": c.rows[0] ^= 2
        case "more": c.more += 1
        default: return false
        }
        return true
    }

    static let contentFields = ["working", "needsInput", "rows[]", "more"]

    static var changes: [String: (inout FleetState) -> Void] {
        var c: [String: (inout FleetState) -> Void] = [
            "sessions[].activity": { $0.sessions[0].activity = .blocked },
            "sessions[].duplicated": { $0.sessions[0].duplicated.toggle() },
            "sessions[].since": { $0.sessions[0].since ^= 1 },
            "hostsDown": { $0.hostsDown ^= 1 },
            "servers[].sinceMask": { $0.servers[0].sinceMask ^= 2 },
            "servers[].vetoMask.some": { $0.servers[0].vetoMask = 3 },
            "servers[].loading": { $0.servers[0].loading.toggle() },
            "servers[].endedDuringLoad": { $0.servers[0].endedDuringLoad.toggle() },
            "servers[].resurrected": { $0.servers[0].resurrected.toggle() },
            "servers[].forgotSinceRegistration": { $0.servers[0].forgotSinceRegistration.toggle() },
            "servers[].file.some.sinceMask": { $0.servers[0].file?.sinceMask ^= 2 },
            "servers[].pendingLoad.some.sinceMask": { $0.servers[0].pendingLoad?.sinceMask ^= 2 },
            "servers[].tick.some.action": { $0.servers[0].tick?.action = .end },
            "servers[].tick.some.sinceMask": { $0.servers[0].tick?.sinceMask ^= 2 },
            "servers[].tick.some.besideRegistered": { $0.servers[0].tick?.besideRegistered ^= 1 },
            "servers[].tick.some.decided": {
                guard var tick = $0.servers[0].tick else { return }
                var decided = tick.decided.tick
                decided.vetoed.toggle()
                tick.decided = DecidedTick(decided)
                $0.servers[0].tick = tick
            },
            "servers[].tick.some.targets[].token": { $0.servers[0].tick?.targets[0].token = 4 },
            "servers[].tick.some.targets[].env": { $0.servers[0].tick?.targets[0].env = 1 },
            "servers[].tick.some.targets[].channel": { $0.servers[0].tick?.targets[0].channel.toggle() },
            "servers[].tick.some.targets[].outcome": { $0.servers[0].tick?.targets[0].outcome = .failed },
            "registries[].pushToStart[].token": { $0.registries[0].pushToStart[0].token = 7 },
            "registries[].pushToStart[].device": { $0.registries[0].pushToStart[0].device = 7 },
            "registries[].pushToStart[].env": { $0.registries[0].pushToStart[0].env = 1 },
            "registries[].update[].token": { $0.registries[0].update[0].token = 7 },
            "registries[].update[].device": { $0.registries[0].update[0].device = 7 },
            "registries[].update[].env": { $0.registries[0].update[0].env = 1 },
            "devices[].cards[].token": { $0.devices[0].cards[0].token = 7 },
            "devices[].cards[].posted": { $0.devices[0].cards[0].posted.toggle() },
            "devices[].cards[].pushCapable": { $0.devices[0].cards[0].pushCapable.toggle() },
            "devices[].cards[].origin": { $0.devices[0].cards[0].origin = .app },
            "devices[].cards[].registered": { $0.devices[0].cards[0].registered.toggle() },
            "devices[].cards[].sendFailed": { $0.devices[0].cards[0].sendFailed.toggle() },
            "devices[].cards[].besideRegistered": { $0.devices[0].cards[0].besideRegistered.toggle() },
            "devices[].cards[].failureCounted": { $0.devices[0].cards[0].failureCounted.toggle() },
            "devices[].app": { $0.devices[0].app = .foreground },
            "devices[].fetched": { $0.devices[0].fetched.toggle() },
            "devices[].knownDown": { $0.devices[0].knownDown ^= 1 },
            "devices[].pushToStartToken": { $0.devices[0].pushToStartToken = 9 },
            "devices[].wakePending": { $0.devices[0].wakePending.toggle() },
            "devices[].needsSync": { $0.devices[0].needsSync.toggle() },
            "devices[].startsSinceWorld": { $0.devices[0].startsSinceWorld += 1 },
            "devices[].cache[]": { $0.devices[0].cache[0] = .idle },
            "pushes[].device": { $0.pushes[0].device = 1 },
            "pushes[].action": { $0.pushes[0].action = .end },
            "pushes[].token": { $0.pushes[0].token = 9 },
            "pushes[].channel": { $0.pushes[0].channel.toggle() },
            "pushes[].origin": { $0.pushes[0].origin = .app },
            "pushes[].besideRegistered": { $0.pushes[0].besideRegistered.toggle() },
            "posts[].device": { $0.posts[0].device = 1 },
            "posts[].host": { $0.posts[0].host = 1 },
            "posts[].endpoint": { $0.posts[0].endpoint = .ended },
            "posts[].token": { $0.posts[0].token = 9 },
            "posts[].env": { $0.posts[0].env = 1 },
        ]
        // Card contents, wherever they sit.
        for f in contentFields {
            c["servers[].memory.card.\(f)"] = { s in
                if case .card(var x) = s.servers[0].memory, changeContent(&x, f) { s.servers[0].memory = .card(x) }
            }
            c["servers[].file.some.memory.card.\(f)"] = { s in
                if case .card(var x)? = s.servers[0].file?.memory, changeContent(&x, f) { s.servers[0].file?.memory = .card(x) }
            }
            c["servers[].pendingLoad.some.memory.card.\(f)"] = { s in
                if case .card(var x)? = s.servers[0].pendingLoad?.memory, changeContent(&x, f) {
                    s.servers[0].pendingLoad?.memory = .card(x)
                }
            }
            c["servers[].tick.some.content.\(f)"] = { s in _ = s.servers[0].tick.map { _ in changeContent(&s.servers[0].tick!.content, f) } }
            c["devices[].cards[].content.\(f)"] = { s in _ = changeContent(&s.devices[0].cards[0].content, f) }
            c["devices[].lastSynced.some.\(f)"] = { s in _ = changeContent(&s.devices[0].lastSynced!, f) }
            c["pushes[].content.\(f)"] = { s in _ = changeContent(&s.pushes[0].content, f) }
        }
        return c
    }

    /// The field paths of `value`: leaves are values without children; `decided` (FleetCard's
    /// own type) is one leaf.
    static func paths(_ value: Any, prefix: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.children.isEmpty || prefix.hasSuffix("decided") { return prefix.isEmpty ? [] : [prefix] }
        var out: [String] = []
        if mirror.displayStyle == .collection {
            for child in mirror.children.prefix(1) { out += paths(child.value, prefix: prefix + "[]") }
            return out
        }
        for child in mirror.children {
            let label = child.label ?? "?"
            out += paths(child.value, prefix: prefix.isEmpty ? label : prefix + "." + label)
        }
        return out
    }

    @Test("changing any one field changes the fingerprint")
    func everyField() {
        let base = full()
        let fields = Set(Self.paths(base))
        let changes = Self.changes
        #expect(fields.count > 60)
        #expect(fields.subtracting(changes.keys).sorted() == [], "fields no change in this test reaches")
        for (path, change) in changes.sorted(by: { $0.key < $1.key }) {
            var s = base
            change(&s)
            #expect(s != base, "\(path): the change changes nothing")
            #expect(model.fingerprint(of: s) != model.fingerprint(of: base), "\(path) does not reach the fingerprint")
        }
    }
}
