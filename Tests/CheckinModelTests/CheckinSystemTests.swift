import Explorer
import Testing
@testable import CheckinModel
@testable import Widgets

@Suite struct CheckinSystemTests {
    // Replay, minimization and the report find a property by its name.
    @Test("every committed check-in configuration's properties have distinct names")
    func distinctPropertyNames() throws {
        for name in ["checkin.json", "checkin-nightly.json"] {
            let names = CheckinSystem(config: try Repository.config(name)).properties.map(\.name)
            #expect(Set(names).count == names.count, "\(name): \(names)")
        }
    }

    func run(_ steps: [CheckinAction], _ config: CheckinConfig = CheckinConfig()) -> CheckinState? {
        let m = CheckinSystem(config: config)
        var s = m.initialStates()[0]
        for a in steps {
            guard m.actions(in: s).contains(a), let n = m.next(s, a) else { return nil }
            s = n
        }
        return s
    }

    @Test("the check-in model conforms to Model alone: the search keeps its states as they are")
    func plainStorage() {
        #expect(CheckinSystem.Storage.self == PlainStorage<CheckinSystem>.self)
    }

    @Test("a tap, delivered at tap time: one row for the tap's day, queue empty, snapshot checked")
    func delivered() throws {
        let s = try #require(run([.tap(goal: 0), .finishTap, .startDelivery(path: 0), .post(path: 0)]))
        #expect(s.completions == [Completion(goal: 0, creditedDay: 0, tapDay: 0, deliveredDay: 0)])
        #expect(s.queue.isEmpty && s.checked == [true, false])
    }

    @Test("both paths racing post one entry twice; the server's idempotency keeps one row")
    func race() throws {
        let steps: [CheckinAction] = [.tap(goal: 0), .finishTap, .startDelivery(path: 0), .startDelivery(path: 1), .post(path: 0), .post(path: 1)]
        #expect(try #require(run(steps)).completions.count == 1)
        var off = CheckinConfig()
        off.guards.remove(.serverIdempotency)
        #expect(try #require(run(steps, off)).completions.count == 2)
    }

    @Test("UNAUTHORIZED wipes the token and leaves the entry; the app mints a new one and it goes through")
    func unauthorized() throws {
        let s = try #require(run([.revokeToken, .tap(goal: 0), .finishTap, .startDelivery(path: 0), .post(path: 0)]))
        #expect(s.token == 0 && s.queue.entries.count == 1 && s.completions.isEmpty)
        let t = try #require(run([.revokeToken, .tap(goal: 0), .finishTap, .startDelivery(path: 0), .post(path: 0),
                                  .openApp, .mint, .startDelivery(path: 1), .post(path: 1)]))
        #expect(t.completions.count == 1 && !t.postedWithDeadToken)
    }

    @Test("the model's server answers over the wire and the client classifies: a dead token is a 200 with UNAUTHORIZED, a stale date a 200 with a payload error")
    func serverAnswers() throws {
        let m = CheckinSystem(config: CheckinConfig())
        var s = m.initialStates()[0]
        let e = PendingCheckin(goalId: "g1", localDate: "2000-01-01")
        #expect(m.serverCheckIn(&s, e, nativeToken: s.serverToken + 1) == .revokedToken)
        #expect(m.serverCheckIn(&s, e, nativeToken: nil) == .outsideWindow)
        #expect(CheckinResponse(classifying: .revokedToken) == .unauthorized)
    }

    @Test("past the 7-day window the native path keeps the entry; the app's replay rejects it visibly")
    func window() throws {
        let steps: [CheckinAction] = [.revokeToken, .tap(goal: 0), .finishTap, .startDelivery(path: 0), .post(path: 0), .longGap,
                                      .openApp, .hydrate, .drain, .enqueue, .flush, .replay]
        let s = try #require(run(steps))
        #expect(s.rejectedVisible.map(\.goalId) == ["g1"] && s.completions.isEmpty && s.lost.isEmpty)
    }

    @Test("no tap on a NEW_DAY widget until the app rewrites the snapshot")
    func newDay() throws {
        let m = CheckinSystem(config: CheckinConfig())
        let s = try #require(run([.midnight]))
        #expect(!m.actions(in: s).contains(.tap(goal: 0)))
        let t = try #require(run([.midnight, .openApp, .refresh]))
        #expect(m.actions(in: t).contains(.tap(goal: 0)))
    }

    @Test("every committed configuration's actions are deterministic and each enabled action applies")
    func deterministic() {
        let m = CheckinSystem(config: CheckinConfig())
        var s = m.initialStates()[0]
        for _ in 0..<12 {
            let a = m.actions(in: s)
            #expect(a == m.actions(in: s))
            guard let first = a.first(where: { !$0.isWorld }) ?? a.first, let n = m.next(s, first) else { break }
            #expect(m.fingerprint(of: n) == m.fingerprint(of: n))
            s = n
        }
    }
}
