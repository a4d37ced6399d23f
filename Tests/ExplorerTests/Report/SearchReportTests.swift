import ClassicModels
import Testing
@testable import Explorer

@Suite struct SearchReportTests {
    @Test("the report's lines name each verdict, the counterexample steps, and the result")
    func lines() {
        let report = BreadthFirstSearch(FlagMutex(processes: 2)).run()
        #expect(report.lines() == [
            "flag-mutex: 16 distinct states, 30 transitions, depth 6, exhaustive (frontier emptied)",
            "fingerprint collision probability 6.9e-18 (n²/2⁶⁵)",
            "  VIOLATED   always \"mutual exclusion\" in 6 steps (shortest, 1-minimal)",
            "               1. p1 wants in",
            "               2. p1 steps",
            "               3. p2 wants in",
            "               4. p2 steps",
            "               5. p2 steps",
            "               6. p1 steps",
            "  reached    sometimes \"someone enters\" in 3 steps",
            "result: FAIL",
        ])
    }

    @Test("bounds are printed when set, and an unreached goal fails the run")
    func boundsAndVacuity() {
        var model = Counter()
        model.checks = [.sometimes("value 9") { _, s in s.value == 9 }]
        let lines = BreadthFirstSearch(model, options: SearchOptions(depthBound: 3, worldBudget: 2)).run().lines()
        #expect(lines.contains("bounds: depth bound 3, world budget 2"))
        #expect(lines.contains("  UNREACHED  sometimes \"value 9\": never reached, the run is vacuous for it"))
        #expect(lines.last == "result: FAIL")
    }

    @Test("large counts are grouped by thousands")
    func grouping() {
        #expect(1_745_408.grouped == "1,745,408")
        #expect(288.grouped == "288")
        #expect(1000.grouped == "1,000")
    }

    @Test("a search stopped by its own capacity (40-bit node ids; a count's or a rank's 32-bit ids), not --max-states, says so")
    func capacityStop() {
        let limited = BreadthFirstSearch(FlagMutex(processes: 2), options: SearchOptions(stateLimit: 5)).run()
        #expect(limited.stopReason == .stateLimit && limited.stopReasonText == "state limit reached")
        // The same stop with no limit asked for: only the node ids' capacity stops a search so.
        let r = limited
        let capped = SearchReport<FlagMutex>(
            modelName: r.modelName, distinctStates: r.distinctStates, depthReached: r.depthReached, exhaustive: false,
            stopReason: .stateLimit, verdicts: r.verdicts, transitions: r.transitions, boundCut: r.boundCut,
            seconds: r.seconds, visitedBytes: r.visitedBytes, options: SearchOptions())
        #expect(capped.lines().first?.hasSuffix(
            "NOT exhaustive (state limit reached: 1,099,511,627,774 states, as many as a search's 40-bit node ids number)") == true)
        // A limit asked for at the cap or past it reads the same; one below it is the user's.
        var atCap = SearchOptions(stateLimit: SearchOptions.stateCapacity)
        #expect(capped.with(atCap).stopReasonText.hasSuffix("as many as a search's 40-bit node ids number"))
        // Counting behaviours keeps 32-bit ids (every transition in memory): its own cap, said so.
        atCap.countBehaviours = .total
        #expect(capped.with(atCap).stopReasonText
            == "state limit reached: 4,294,967,294 states, as many as a behaviour count's 32-bit node ids number")
        var counting = SearchOptions()
        counting.countBehaviours = .total
        #expect(capped.with(counting).stopReasonText.hasSuffix("4,294,967,294 states, as many as a behaviour count's 32-bit node ids number"))
        // A distributed rank's 32-bit visited-set places: the reason the run gives.
        var rankFull = capped
        rankFull.capacityStop = "a rank held 4,294,967,294 keys"
        #expect(rankFull.stopReasonText == "state limit reached: a rank held 4,294,967,294 keys")
        #expect(SearchOptions.stateCapacity == (1 << 40) - 2)
    }
}

extension SearchReport {
    /// The same report with other options (what the stop reason's text reads).
    func with(_ options: SearchOptions) -> SearchReport {
        var copy = SearchReport(
            modelName: modelName, distinctStates: distinctStates, depthReached: depthReached, exhaustive: exhaustive,
            stopReason: stopReason, verdicts: verdicts, transitions: transitions, boundCut: boundCut,
            seconds: seconds, visitedBytes: visitedBytes, options: options)
        copy.capacityStop = capacityStop
        return copy
    }
}

