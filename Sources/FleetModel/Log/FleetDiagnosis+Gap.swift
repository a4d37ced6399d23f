import Explorer
import FleetCard

extension FleetDiagnosis {
    /// A logged step reachable from a state through unlogged steps (the free steps of a gap):
    /// the path (unlogged steps, then the logged one), the lines it writes, and where it lands.
    struct Hop: Sendable {
        var path: [FleetSystem.Action]
        /// The lines, naming tokens as the state before the logged step numbers them.
        var events: [FleetModelLogEvent]
        /// Token renumbering from the gap's first state to the state before the logged step,
        /// then across the logged step (`map[t]`: t's number after; 0: gone).
        var toLogged: [UInt8]
        var across: [UInt8]
        var next: FleetState
        var nextFingerprint: UInt64
        var vetoLogged: UInt8
        /// The first line's kind and event (`lineKey`): hops are tried only on a line of theirs.
        var key: UInt8
    }

    /// The bucket a line falls in: its kind and its APNs event.
    static func lineKey<S, T>(_ e: FleetLogEvent<S, T>) -> UInt8 {
        func a(_ x: FleetCard.FleetAction) -> UInt8 {
            switch x {
            case .nothing: 0
            case .start: 1
            case .update: 2
            case .end: 3
            }
        }
        switch e {
        case .decide(let x, _, _, _, _, _): return 0 &+ a(x)
        case .send(let x, _, _, _): return 4 &+ a(x)
        case .noTokens(let x): return 8 &+ a(x)
        case .noneAccepted(let x, _, _): return 12 &+ a(x)
        case .partial(let x, _, _): return 16 &+ a(x)
        case .clientEnded: return 20
        case .adopted: return 21
        case .startVetoed: return 22
        }
    }

    struct GapKey: Hashable {
        var fingerprint: UInt64
        var vetoLogged: UInt8
    }

    /// The hops of each (state, vetoLogged) a search has met, kept across lines and episodes:
    /// a log revisits the same few states again and again, and their gaps are explored once.
    /// Deterministic whatever was cached before (the hops of a state do not depend on history).
    final class Gaps: @unchecked Sendable {
        var hops: [GapKey: [UInt8: [Hop]]] = [:]  // lookup only; each list in search order
        var explored = 0
        let limit: Int

        init(limit: Int = 200_000) { self.limit = limit }
    }

    /// One node of a gap's search: a state, what it took to reach, how tokens moved since.
    struct GapNode {
        var state: FleetState
        var vetoLogged: UInt8
        var parent: Int32
        var action: FleetSystem.Action?
        var world: UInt8
        var steps: UInt8
        var map: [UInt8]
    }

    struct NodeKey: Hashable {
        var fingerprint: UInt64
        var vetoLogged: UInt8
        var world: UInt8
    }

    struct HopKey: Hashable {
        var next: UInt64
        var vetoLogged: UInt8
        var events: [FleetModelLogEvent]
        var toLogged: [UInt8]
        var across: [UInt8]
    }

    /// The hops from `state` (cached): a breadth-first search over unlogged steps, at most
    /// `gapSteps` of them and `gapWorldBudget` world actions (the logged step counted too), each
    /// (state, vetoLogged, world actions spent) visited once; every logged step from a state
    /// reached is a hop, deduplicated by where it lands and what it writes.
    func hops(_ state: FleetState, _ fingerprint: UInt64, vetoLogged: UInt8, _ gaps: Gaps) -> [UInt8: [Hop]] {
        let key = GapKey(fingerprint: fingerprint, vetoLogged: vetoLogged)
        if let known = gaps.hops[key] { return known }
        var nodes = [GapNode(state: state, vetoLogged: vetoLogged, parent: -1, action: nil, world: 0, steps: 0, map: Self.identity(state))]
        var visited: Set<NodeKey> = [NodeKey(fingerprint: fingerprint, vetoLogged: vetoLogged, world: 0)]  // lookup only
        var out: [UInt8: [Hop]] = [:]
        var seenHops: Set<HopKey> = []  // lookup only
        var k = 0
        while k < nodes.count {
            let node = nodes[k]
            k += 1
            for action in model.actions(in: node.state) {
                let world = action.isWorld
                if world && Int(node.world) >= options.gapWorldBudget { continue }
                guard let (next, renaming) = model.stepRenaming(node.state, action) else { continue }
                var bit = node.vetoLogged
                let events = model.logEvents(node.state, action, next, vetoLogged: &bit)
                let spent = node.world + (world ? 1 : 0)
                let across = Self.compact(renaming)
                if events.isEmpty {
                    guard Int(node.steps) < options.gapSteps else { continue }
                    // One world action more is a different budget left: each spent count is its own node.
                    let fp = model.fingerprint(of: next)
                    guard visited.insert(NodeKey(fingerprint: fp, vetoLogged: bit, world: spent)).inserted
                    else { continue }
                    nodes.append(GapNode(
                        state: next, vetoLogged: bit, parent: Int32(k - 1), action: action, world: spent,
                        steps: node.steps + 1, map: Self.compose(node.map, across)))
                    continue
                }
                let fp = model.fingerprint(of: next)
                let hopKey = HopKey(next: fp, vetoLogged: bit, events: events, toLogged: node.map, across: across)
                guard seenHops.insert(hopKey).inserted else { continue }
                var path = [action]
                var p = k - 1
                while let a = nodes[p].action {
                    path.append(a)
                    p = Int(nodes[p].parent)
                }
                let hop = Hop(
                    path: path.reversed(), events: events, toLogged: node.map, across: across, next: next,
                    nextFingerprint: fp, vetoLogged: bit, key: Self.lineKey(events[0]))
                out[hop.key, default: []].append(hop)
            }
        }
        gaps.explored += nodes.count
        if gaps.hops.count >= gaps.limit { gaps.hops.removeAll(keepingCapacity: true) }
        gaps.hops[key] = out
        return out
    }

    /// The identity renumbering over the tokens of `state`.
    static func identity(_ state: FleetState) -> [UInt8] {
        var top: UInt8 = 0
        FleetSystem.forEachToken(state) { top = max(top, $0) }
        return (0...Int(top)).map { UInt8($0) }
    }

    /// A step's renaming as a list, cut after its last token.
    static func compact(_ r: FleetSystem.TokenRenaming) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(r.top) + 1)
        for t in out.indices { out[t] = r[UInt8(t)] }
        while out.count > 1, out[out.count - 1] == 0 { out.removeLast() }
        return out
    }

    /// `first` then `second`: where each token of the gap's first state is after both.
    static func compose(_ first: [UInt8], _ second: [UInt8]) -> [UInt8] {
        var out = first
        for t in out.indices {
            let m = Int(first[t])
            out[t] = t == 0 ? 0 : (m != 0 && m < second.count ? second[m] : 0)
        }
        while out.count > 1, out[out.count - 1] == 0 { out.removeLast() }
        return out
    }
}
