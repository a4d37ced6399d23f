import Explorer
import Testing
@testable import CheckinModel
@testable import Widgets

/// Each guard: switched off, a small search finds the property it protects; on, the same
/// search finds nothing under that name. (The full table is `cardcheck mutants`.)
@Suite struct CheckinGuardTests {
    struct Case: Sendable, CustomStringConvertible {
        let guardOff: CheckinGuard
        let property: String
        let budget: Int
        let world: [String]
        var description: String { guardOff.rawValue }
    }

    static let cases: [Case] = [
        Case(guardOff: .queueLock, property: "lost-checkin:unlocked-drain", budget: 3, world: []),
        Case(guardOff: .removeOnlySent, property: "lost-checkin:blanket-clear", budget: 2, world: []),
        Case(guardOff: .awaitedFlush, property: "lost-checkin:unflushed", budget: 3, world: ["kill"]),
        Case(guardOff: .writeDedup, property: "queue-duplicate", budget: 2, world: []),
        Case(guardOff: .serverIdempotency, property: "duplicate-completion", budget: 2, world: ["lateAnswer"]),
        Case(guardOff: .unauthorizedStopAndClear, property: "dead-token-post", budget: 2, world: ["revokeToken"]),
        Case(guardOff: .completedDatePayload, property: "credited-wrong-day", budget: 2, world: ["midnight"]),
        Case(guardOff: .errorsArrayChecked, property: "rejection-hidden", budget: 3, world: ["longGap"]),
    ]

    static func config(_ c: Case, guardOn: Bool) -> CheckinConfig {
        var config = CheckinConfig()
        config.worldBudget = c.budget
        var w = CheckinConfig.World()
        w.midnight = c.world.contains("midnight")
        w.longGap = c.world.contains("longGap")
        w.kill = c.world.contains("kill")
        w.networkFails = c.world.contains("networkFails")
        w.lateAnswer = c.world.contains("lateAnswer")
        w.revokeToken = c.world.contains("revokeToken")
        config.world = w
        if !guardOn { config.guards.remove(c.guardOff) }
        return config
    }

    @Test("switched off, the guard's property is violated; on, it holds", arguments: cases)
    func killed(_ c: Case) {
        let off = CheckinCheck.run(Self.config(c, guardOn: false))
        let on = CheckinCheck.run(Self.config(c, guardOn: true))
        #expect(off.report.exhaustive && on.report.exhaustive)
        #expect(off.violations.contains { $0.name == c.property }, "\(off.violated)")
        #expect(!on.violations.contains { $0.name == c.property }, "\(on.violated)")
    }

    @Test("every guard is switchable and named in the cases or by a committed mutant counterexample")
    func everyGuardCovered() {
        let tested = Set(Self.cases.map(\.guardOff))
        let committed = CheckinCounterexamplesTests.files.compactMap { path in
            CheckinGuard.allCases.first { path.hasSuffix("-\($0.rawValue)-off.json") }
        }
        #expect(tested.union(committed) == CheckinGuard.shipped)
    }
}

extension CheckinGuardTests {
    /// iOS writes the queue in the tap's second half (`finishTap`), Android in the first: the
    /// switch must reach both paths.
    @Test("on iOS, where the tap's queue write comes second, writeDedup off gives a queue duplicate; on, none")
    func writeDedupOnIOS() {
        let c = Case(guardOff: .writeDedup, property: "queue-duplicate", budget: 3, world: [])
        var off = Self.config(c, guardOn: false), on = Self.config(c, guardOn: true)
        off.platform = .ios
        on.platform = .ios
        let offRun = CheckinCheck.run(off), onRun = CheckinCheck.run(on)
        #expect(offRun.report.exhaustive && onRun.report.exhaustive)
        #expect(offRun.violations.contains { $0.name == c.property }, "\(offRun.violated)")
        #expect(!onRun.violations.contains { $0.name == c.property }, "\(onRun.violated)")
    }
}
