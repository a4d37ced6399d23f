import Foundation
import Testing
@testable import Explorer

@Suite struct PropertyJudgeTests {
    @Test(
        "an atQuiescence property breaks only where its check fails in a quiescent state",
        arguments: [true, false])
    func atQuiescenceVerdicts(declaresBound: Bool) {
        let model = CountedMailer(base: Mailer(declaresBound: declaresBound))
        let judge = PropertyJudge(model: model, property: model.properties[0])
        let broken = CountedMailer.states.filter { judge.breaks(before: nil, $0) }
        for state in CountedMailer.states {
            #expect(judge.breaks(before: nil, state) == (state.queued != 0 && model.isQuiescent(state)), "\(state)")
        }
        // A request queued behind the cap with the link down waits only on the bound: quiescent
        // only when the model does not declare it.
        let waiting = Mailer.State(queued: 1, inFlight: 1, delivered: 0, linkDown: true)
        #expect(broken == (declaresBound ? [] : [waiting]))
    }

    @Test("quiescence is judged only in the states whose atQuiescence check fails (8 of 18)")
    func quiescenceAskedOnlyWhenCheckFails() {
        let model = CountedMailer(base: Mailer(declaresBound: false))
        let judge = PropertyJudge(model: model, property: model.properties[0])
        for state in CountedMailer.states { _ = judge.breaks(before: nil, state) }
        #expect(CountedMailer.states.count == 18)
        #expect(CountedMailer.states.filter { $0.queued != 0 }.count == 8)
        #expect(model.actionsAsked.value == 8)
    }
}

/// `Mailer` that counts how often its enabled actions are asked for: `PropertyJudge.breaks`
/// asks only to judge quiescence, so the count is how many states it judged quiescent or not.
private struct CountedMailer: Model {
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    var base = Mailer()
    let actionsAsked = Tally()

    var name: String { base.name }
    func initialStates() -> [Mailer.State] { base.initialStates() }
    func actions(in s: Mailer.State) -> [Mailer.Action] {
        actionsAsked.add()
        return base.actions(in: s)
    }
    func next(_ s: Mailer.State, _ a: Mailer.Action) -> Mailer.State? { base.next(s, a) }
    func kind(of a: Mailer.Action) -> ActionKind { base.kind(of: a) }
    func refusingBound(_ s: Mailer.State, _ a: Mailer.Action) -> String? { base.refusingBound(s, a) }
    var properties: [Property<CountedMailer>] {
        [.atQuiescence("nothing queued when quiet") { _, s in s.queued == 0 }]
    }

    /// Every mailer state within its bounds: 2 requests at most, 1 in flight, link up or down.
    static var states: [Mailer.State] {
        var all: [Mailer.State] = []
        for queued in 0...2 {
            for inFlight in 0...1 {
                for delivered in 0...2 where queued + inFlight + delivered <= 2 {
                    for linkDown in [false, true] {
                        all.append(Mailer.State(queued: queued, inFlight: inFlight, delivered: delivered, linkDown: linkDown))
                    }
                }
            }
        }
        return all
    }
}
