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

    /// A step's renaming applied to token `t` (empty: every token kept; past the list: gone).
    static func apply(_ r: [UInt8], _ t: UInt8) -> UInt8 { r.isEmpty ? t : Int(t) < r.count ? r[Int(t)] : 0 }

    /// Why the step `a` from `s` (log memory `memory`) is no step of the view, or nil when it is
    /// one: the same lines (tokens renamed into the view), the same memory after, the image of
    /// the state after, and each kept token renamed as the model renamed it.
    static func unmatched(_ model: FleetSystem, _ view: FleetServerView, _ s: FleetState, memory: UInt8, _ a: FleetSystem.Action) -> String? {
        guard let (next, renaming) = model.loggedStep(s, a) else { return nil }
        var m = memory
        let lines = model.logLines(s, a, next, memory: &m)
        let (image, sigma) = view.image(of: s)
        let (imageAfter, sigmaAfter) = view.image(of: next)
        guard let want = Optional(lines.compactMap { $0.renamed({ $0 }, { sigma[$0] == 0 && $0 != 0 ? nil : sigma[$0] }) }),
            want.count == lines.count
        else { return "\(a): a line names a token the view does not hold" }
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
        let offered = view.actions(in: image)
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
            for a in model.actions(in: node.state) {
                let cost = w + (a.isWorld ? 1 : 0)
                guard cost <= model.config.bounds.worldBudget else { continue }
                if let why = unmatched(model, view, node.state, memory: node.memory, a) { failures.append(why) }
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
        ("fleet-card-dev-builds", 2), ("fleet-card-faults", 1), ("two phones", 1),
    ])
    func overApproximates(_ name: String, _ budget: Int) throws {
        let model = name == "two phones" ? Self.twoPhones : try Self.world(name, budget: budget)
        let (states, failures) = Self.walk(model)
        print("WALK \(name): \(states)")
        #expect(states > 1_000, "the walk reaches the world's states")
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
