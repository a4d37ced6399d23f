import ClassicModels
import Testing
@testable import Explorer

@Suite struct BreadthFirstSearchTests {
    @Test("a depth bound below the diameter leaves the run not exhaustive; at the diameter it is")
    func depthBound() {
        let full = BreadthFirstSearch(DieHard()).run()
        #expect(full.exhaustive && full.stopReason == .exhausted)
        let diameter = full.depthReached
        let atDiameter = BreadthFirstSearch(DieHard(), options: SearchOptions(depthBound: diameter)).run()
        #expect(atDiameter.exhaustive)
        #expect(atDiameter.distinctStates == 16)
        let below = BreadthFirstSearch(DieHard(), options: SearchOptions(depthBound: diameter - 1)).run()
        #expect(!below.exhaustive)
        #expect(below.stopReason == .depthBound)
        #expect(below.distinctStates < 16)
    }

    @Test("a state limit stops the run part-way, marked not exhaustive")
    func stateLimit() {
        let report = BreadthFirstSearch(
            TwoPhaseCommit(resourceManagers: 5), options: SearchOptions(stateLimit: 1000)
        ).run()
        #expect(report.stopReason == .stateLimit)
        #expect(!report.exhaustive)
        #expect(report.distinctStates >= 1000 && report.distinctStates < 8_832)
    }

    @Test("the visited set of a 50,000-state search costs at most 16 bytes per state")
    func bytesPerState() {
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 6)).run()
        #expect(report.distinctStates > 40_000)
        #expect(report.visitedBytes <= 16 * report.distinctStates)
    }

    @Test("a raised stop signal ends the run as interrupted")
    func interrupted() {
        let stop = StopSignal()
        stop.raise()
        let report = BreadthFirstSearch(
            TwoPhaseCommit(resourceManagers: 3), options: SearchOptions(stop: stop)
        ).run()
        #expect(report.stopReason == .interrupted)
        #expect(!report.exhaustive)
    }

    @Test("stopping at the first violation still finishes that level and reports it shortest")
    func firstViolation() throws {
        let report = BreadthFirstSearch(FlagMutex(processes: 3), options: SearchOptions(stopAtFirstViolation: true)).run()
        #expect(report.stopReason == .firstViolation)
        #expect(try #require(report.counterexample("mutual exclusion")).steps.count == 6)
        #expect(report.distinctStates < 64)
    }

    @Test("with a world budget, a state reached with budget left is not pruned by one reached with none")
    func budgetKeepsCheapPaths() {
        let report = BreadthFirstSearch(Detour(), options: SearchOptions(worldBudget: 1)).run()
        guard case .holds? = report.verdict("twelve")?.outcome else {
            Issue.record("12 not reached with a budget of 1")
            return
        }
        #expect(report.verdict("twelve")?.witness?.steps == [.inc, .boost, .inc])
    }

    @Test("the world budget bounds world actions per behaviour, not system ones")
    func budgetBounds() {
        var model = Counter(maxPending: 5)
        model.checks = [.sometimes("three") { _, s in s.value == 3 }]
        let two = BreadthFirstSearch(model, options: SearchOptions(worldBudget: 2)).run()
        #expect(!two.passed)
        guard case .unreached? = two.verdict("three")?.outcome else {
            Issue.record("value 3 reached with only 2 world actions")
            return
        }
        let three = BreadthFirstSearch(model, options: SearchOptions(worldBudget: 3)).run()
        #expect(three.passed)
        #expect(three.exhaustive)
    }

    @Test("the collision estimate is n² / 2⁶⁵")
    func collision() {
        #expect(CollisionEstimate.probability(states: 1 << 32) == 0.5)
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3)).run()
        #expect(report.collisionProbability == 288.0 * 288.0 / 36_893_488_147_419_103_232.0)
    }

    @Test("a counterexample the minimizer leaves as found is reported with its states recorded in full")
    func unminimizedCounterexampleRecordsStates() throws {
        // Two properties share a name: the minimizer judges the first (which holds) and so leaves
        // the second's counterexample as found, the branch where the report records the states.
        var model = Counter()
        model.checks = [.always("small") { _, _ in true }, .always("small") { _, s in s.value < 2 }]
        let report = BreadthFirstSearch(model).run()
        guard case .violated(let trace) = report.verdicts[1].outcome else {
            Issue.record("value 2 not reached")
            return
        }
        #expect(trace.minimization == .shortest)
        #expect(trace.steps == [.add, .add, .apply, .apply])
        let recorded = Trace(model: model, initialState: trace.initialState, steps: trace.steps)
        #expect(trace.states.count == trace.steps.count + 1)
        #expect(trace.states == recorded.states)
        #expect(try #require(trace.states.last) == JSONValue(encoding: Counter.State(value: 2, pending: 0)))
    }
}

@Suite("BreadthFirstSearch memory limit")
struct MemoryLimitTests {
    @Test("a search past its memory limit stops with a partial report; one under it runs to the end")
    func memoryLimit() throws {
        let resident = try #require(ResidentMemory.current())
        let stopped = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: SearchOptions(memoryLimit: resident / 2)).run()
        #expect(stopped.stopReason == .memoryLimit)
        #expect(!stopped.exhaustive)
        let whole = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3), options: SearchOptions(memoryLimit: resident * 4)).run()
        #expect(whole.stopReason == .exhausted)
        #expect(whole.distinctStates == 288)
    }
}
