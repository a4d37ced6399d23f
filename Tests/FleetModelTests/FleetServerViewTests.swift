import Explorer
import FleetCard
import Foundation
import Testing
@testable import FleetModel

/// The servers' view (`FleetServerView`) over-approximates the fleet: checked, not argued, by
/// walking every reachable state of small worlds and mapping every step onto the view.
@Suite("FleetServerView")
struct FleetServerViewTests {
    static func world(_ name: String, budget: Int? = nil) throws -> FleetSystem {
        var config = try FleetConfig.load(path: Repository.root + "/Models/\(name).json")
        if let budget { config.bounds.worldBudget = budget }
        return FleetSystem(config: config)
    }

    /// Two phones, one host, restarts, failed sends, lost POSTs, rotating tokens (both kinds),
    /// dev builds and a corpse: every kind of POST and every server step, one world action.
    static var twoPhones: FleetSystem {
        var world = Fixture.noFaults
        world.sessionActivities = [.idle, .working]
        world.serverRestart = true
        world.sendFails = true
        world.postLost = true
        world.tokenRotation = true
        world.pushToStartRotation = true
        world.devBuildLaunch = true
        return FleetSystem(config: Fixture.config(devices: 2, world: world, budget: 1, stale: true))
    }

    /// One phone registering with two hosts (`defaultHostOnly` off), a session on each: the
    /// second host's POST of a token carries one the view holds already (the first host's).
    static var twoHosts: FleetSystem {
        var guards = Guards.all
        guards.defaultHostOnly = false
        var world = Fixture.noFaults
        world.sessionActivities = [.idle, .working]
        world.sendFails = true
        world.hostOutage = true
        return FleetSystem(config: Fixture.config(
            sessions: [.init(host: 0, hidden: false), .init(host: 1, hidden: false)], hosts: 2, world: world, budget: 1,
            guards: guards, stale: true))
    }

    /// The variants and the time: an end hold on both sides, the scratch server (a second
    /// writer of host 0's file), a broadcast channel, the device id on the wire.
    static var variants: FleetSystem {
        var variants = FleetConfig.Variants.documented
        variants.broadcastChannel = true
        variants.deviceIdOnWire = true
        var world = Fixture.noFaults
        world.sessionActivities = [.idle, .working]
        world.serverRestart = true
        var config = Fixture.config(devices: 2, world: world, budget: 1, variants: variants, scratch: true, stale: true)
        config.hold = .init(server: 1, app: 1)
        return FleetSystem(config: config)
    }

    /// A step's renaming applied to token `t` (empty: every token kept; past the list: gone).
    static func apply(_ r: [UInt8], _ t: UInt8) -> UInt8 { r.isEmpty ? t : Int(t) < r.count ? r[Int(t)] : 0 }

    /// Why the step `a` from `s` (log memory `memory`) is no step of the view, or nil when it is
    /// one: the same lines (tokens renamed into the view), the same memory after, the image of
    /// the state after, and each kept token renamed as the model renamed it.
    /// `seen`: the image of `s`, its numbering, and the view's steps there.
    static func unmatched(
        _ model: FleetSystem, _ view: FleetServerView, _ s: FleetState, memory: UInt8, _ a: FleetSystem.Action,
        seen: (image: FleetState, sigma: FleetSystem.TokenRenaming, offered: Set<FleetServerView.Action>)
    ) -> String? {
        guard let (next, renaming) = model.loggedStep(s, a) else { return nil }
        var m = memory
        let lines = model.logLines(s, a, next, memory: &m)
        let (image, sigma, offered) = seen
        let (imageAfter, sigmaAfter) = view.image(of: next)
        let want = lines.compactMap { $0.renamed({ $0 }, { sigma[$0] == 0 && $0 != 0 ? nil : sigma[$0] }) }
        guard want.count == lines.count else { return "\(a): a line names a token the view does not hold" }
        func renamesAlike(_ r: [UInt8]) -> Bool {
            (1...255).allSatisfy { c in
                let x = sigma[UInt8(c)]
                guard x != 0 else { return true }
                return apply(r, x) == sigmaAfter[apply(renaming, UInt8(c))]
            }
        }
        var candidates: [FleetServerView.Action?] = []
        switch a {
        case .arrivePost(let p):
            var post = s.posts[p]
            if post.token != 0 { post.token = sigma[post.token] != 0 ? sigma[post.token] : UInt8(FleetSystem.maxToken(image) + 1) }
            candidates = [.arrive(post)]
        default:
            if FleetServerView.isServerStep(a) {
                candidates = [.server(a)]
            } else {
                // A phone's, APNs', or a POST lost or sent: nothing kept changes, or a phone's launch rotates its token.
                candidates = [nil] + s.devices.indices.map { .rotate($0) }
            }
        }
        for b in candidates {
            guard let b else {
                if lines.isEmpty, m == memory, imageAfter == image, renamesAlike([]) { return nil }
                continue
            }
            guard offered.contains(b), let (after, r) = view.step(image, b) else { continue }
            var mb = memory
            let written = view.logLines(image, b, after, memory: &mb)
            if after == imageAfter, written == want, mb == m, renamesAlike(r) { return nil }
        }
        return "\(a) from \(image) writing \(want): no step of the view"
    }

    /// Every (state, log memory) the model reaches within its world budget, each step checked.
    static func walk(_ model: FleetSystem) -> (states: Int, failures: [String]) {
        struct Node: Hashable {
            var state: FleetState
            var memory: UInt8
        }
        let view = FleetServerView(model)
        var spent: [Node: Int] = [:]  // lookup only
        var queue: [(Node, Int)] = model.initialStates().map { (Node(state: $0, memory: model.initialLogMemory), 0) }
        for (n, w) in queue { spent[n] = w }
        var failures: [String] = []
        var k = 0
        while k < queue.count, failures.count < 3 {
            let (node, w) = queue[k]
            k += 1
            guard spent[node] == w else { continue }
            let (image, sigma) = view.image(of: node.state)
            let seen = (image, sigma, Set(view.actions(in: image)))  // lookup only
            for a in model.actions(in: node.state) {
                let cost = w + (a.isWorld ? 1 : 0)
                guard cost <= model.config.bounds.worldBudget else { continue }
                if let why = unmatched(model, view, node.state, memory: node.memory, a, seen: seen) { failures.append(why) }
                guard let (next, _) = model.loggedStep(node.state, a) else { continue }
                var m = node.memory
                _ = model.logLines(node.state, a, next, memory: &m)
                let n = Node(state: next, memory: m)
                if let old = spent[n], old <= cost { continue }
                spent[n] = cost
                queue.append((n, cost))
            }
        }
        return (spent.count, failures)
    }

    @Test("every step of the model, mapped, is a step of the servers' view writing the same lines", arguments: [
        ("fleet-card-dev-builds", 1), ("fleet-card-faults", 1), ("two phones", 1), ("two hosts", 1), ("variants", 1),
    ])
    func overApproximates(_ name: String, _ budget: Int) throws {
        let model = switch name {
        case "two phones": Self.twoPhones
        case "two hosts": Self.twoHosts
        case "variants": Self.variants
        default: try Self.world(name, budget: budget)
        }
        let (states, failures) = Self.walk(model)
        print("WALK \(name): \(states)")
        #expect(states > 1_000, "the walk reaches the world's states")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}

extension FleetServerViewTests {
    /// Two logs of the dev-builds world end to end, the second's sids and tokens its own: a
    /// start to a corpse and the phone, then a second start with no line between that could
    /// forget the first card (no restart in this world, no /ended line).
    static let split = [
        #"{"t":"2026-11-03T09:00:00.100Z","event":"decide","apnsEvent":"start","tokens":2,"working":1,"needsInput":0,"rows":["7a11c0de:working"],"more":0}"#,
        #"{"t":"2026-11-03T09:00:00.200Z","event":"send","apnsEvent":"start","token":"aa000001","env":"sandbox","status":200}"#,
        #"{"t":"2026-11-03T09:00:00.300Z","event":"send","apnsEvent":"start","token":"aa000002","env":"production","status":200}"#,
        #"{"t":"2026-11-03T09:00:05.100Z","event":"decide","apnsEvent":"start","tokens":2,"working":1,"needsInput":0,"rows":["7a11c0de:working"],"more":0}"#,
        #"{"t":"2026-11-03T09:00:05.200Z","event":"adopted"}"#,
        #"{"t":"2026-11-03T09:00:05.300Z","event":"send","apnsEvent":"start","token":"bb000001","env":"sandbox","status":200}"#,
    ]

    @Test("a split log whose join the servers cannot write, whatever the phones do, is NOT one behaviour at the join, proved on the servers' view")
    func splitDecided() throws {
        let model = try Self.world("fleet-card-dev-builds")
        let log = try FleetDiagnosisTests.log(Self.split.joined(separator: "\n") + "\n")
        var options = FleetDiagnosis.Options()
        // From the initial states (`--from-start`): the view's states are those after line 1 only.
        options.gapWorldBudget = model.config.bounds.worldBudget
        // Without the view the carried search runs to this bound and the log is NOT decided.
        options.maxStates = 200_000
        let report = FleetDiagnosisReport.make(model, log, path: "split", options: options)
        #expect(report.verdict == .pieces(line: 4), "\(report.lines.joined(separator: "\n"))")
        #expect(report.lines.contains("  " + TraceDiagnosis<FleetSystem>.proofWords + " (the servers' view, the phones free)"))
        #expect(report.lines.contains("INCONSISTENT at line 4: the model can write lines 1–3 (the longest prefix), not line 4 after them"))
        // Decided by the view's few thousand states, not by the carried search run to the end.
        #expect(report.outcomes.reduce(0) { $0 + $1.candidates } < 20_000)
        // Each piece alone is consistent: the view did not refuse a line one behaviour writes.
        let second = try FleetDiagnosisTests.log(Self.split[3...].joined(separator: "\n") + "\n")
        #expect(FleetDiagnosisReport.make(model, second, path: "second", options: options).verdict == .consistent)
    }
}
