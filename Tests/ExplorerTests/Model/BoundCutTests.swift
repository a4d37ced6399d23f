import Foundation
import Testing
@testable import Explorer

/// The report's `bound cut:` line: how many states a bound of the model kept from being judged
/// at quiescence (`Model.refusingBound`), and which bound.
@Suite struct BoundCutTests {
    /// The mailer's one such state: two requests, one sent (the cap of one in flight), the link
    /// cut. The second request waits only for the cap; every other state is quiet or busy.
    @Test("the mailer's count is exactly its one bound-refused state, on 1 and 2 threads")
    func mailerCount() throws {
        for threads in [1, 2] {
            let report = BreadthFirstSearch(Mailer(), options: SearchOptions(threads: threads)).run()
            #expect(report.boundCut == BoundCut(states: 1, refusals: [.init(bound: "cap", states: 1)]))
            #expect(report.lines().contains(
                "bound cut: 1 state not judged at quiescence: a system step was refused by cap (raise it to look past)"))
        }
        // The line names the bound as the model does.
        var renamed = Mailer()
        renamed.boundName = "maxInFlight"
        #expect(BreadthFirstSearch(renamed).run().boundCut.line
            == "bound cut: 1 state not judged at quiescence: a system step was refused by maxInFlight (raise it to look past)")
    }

    @Test("a larger cap reaches states where two requests wait for it: the count follows the model")
    func mailerRoomier() {
        // Cap 2: both requests can be in flight, so no send is ever refused by it.
        var model = Mailer()
        model.cap = 2
        let report = BreadthFirstSearch(model, options: SearchOptions(threads: 2)).run()
        #expect(report.boundCut.isEmpty)
        #expect(!report.lines().contains { $0.hasPrefix("bound cut:") })
    }

    @Test("no bound declared, or no atQuiescence property: no count and no line")
    func zero() {
        var undeclared = Mailer()
        undeclared.declaresBound = false
        let report = BreadthFirstSearch(undeclared).run()
        #expect(report.boundCut.isEmpty)
        #expect(!report.lines().contains { $0.hasPrefix("bound cut:") })
    }

    @Test("counts add as sums, per bound, in either order; the line ranks bounds by count, then name")
    func sums() {
        var a = Findings(properties: 0)
        a.noteCut(["maxPostsInFlight"])
        a.noteCut(["maxPostsInFlight", "maxCardsPerDevice"])
        var b = Findings(properties: 0)
        b.noteCut(["maxCardsPerDevice"])
        b.noteCut(["maxPushesInFlight"])
        b.noteCut(["maxPostsInFlight"])
        var ab = a, ba = b
        ab.absorb(b)
        ba.absorb(a)
        #expect(ab.boundCut == ba.boundCut)
        // Shards merge their reports' cuts the same way.
        var merged = a.boundCut
        merged.add(b.boundCut)
        #expect(merged == ab.boundCut)
        #expect(ab.boundCut.states == 5)
        #expect(ab.boundCut.refusals.map(\.bound) == ["maxCardsPerDevice", "maxPostsInFlight", "maxPushesInFlight"])
        #expect(ab.boundCut.line == "bound cut: 5 states not judged at quiescence: a system step was refused by maxPostsInFlight in 3, "
            + "maxCardsPerDevice in 2, maxPushesInFlight in 1 (raise them to look past)")
        var many = Findings(properties: 0)
        for _ in 0..<1234 { many.noteCut(["maxPostsInFlight"]) }
        #expect(many.boundCut.line == "bound cut: 1,234 states not judged at quiescence: a system step was refused by maxPostsInFlight (raise it to look past)")
    }

    @Test("a checkpoint keeps the count: a resumed search reports the uninterrupted one's")
    func checkpoint() throws {
        let path = NSTemporaryDirectory() + "cardcheck-boundcut-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let model = Mailer()
        let whole = BreadthFirstSearch(model).run()
        var options = SearchOptions()
        options.checkpoint = SearchCheckpointing(path: path, interval: 0)
        var cut = options
        cut.stateLimit = 6
        #expect(!BreadthFirstSearch(model, options: cut).run().exhaustive)
        let identity = SearchCheckpoint.identity(model, options)
        var planted = try #require(try SearchCheckpoint.read(path: path, identity: identity, properties: model.properties.count))
        planted.findings.noteCut(["cap", "other"])
        try planted.write(path: path)
        let resumed = BreadthFirstSearch(model, options: options).run()
        var expected = whole.boundCut
        expected.add(BoundCut(states: 1, refusals: [.init(bound: "cap", states: 1), .init(bound: "other", states: 1)]))
        #expect(resumed.boundCut == expected)
    }

    @Test("a fixed capacity of the model is not offered to be raised; beside a bound, only the bound is")
    func fixedCapacity() {
        let capacity = "the model's token-list capacity (8 per list)"
        #expect(BoundCut.isFixed(capacity) && !BoundCut.isFixed("maxPostsInFlight"))
        #expect(BoundCut(states: 2, refusals: [.init(bound: capacity, states: 2)]).line
            == "bound cut: 2 states not judged at quiescence: a system step was refused by \(capacity), which no configuration raises")
        let both = BoundCut(states: 3, refusals: [.init(bound: capacity, states: 1), .init(bound: "maxPostsInFlight", states: 2)])
        #expect(both.line == "bound cut: 3 states not judged at quiescence: a system step was refused by "
            + "maxPostsInFlight in 2, \(capacity) in 1 (raise maxPostsInFlight to look past; the model's capacity is fixed)")
    }
}

