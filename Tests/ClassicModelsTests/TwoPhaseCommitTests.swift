import Explorer
import Testing
@testable import ClassicModels

@Suite struct TwoPhaseCommitTests {
    @Test("3 resource managers: 288 distinct states, as TLC and Stateright publish")
    func threeManagers() {
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3)).run()
        #expect(report.distinctStates == 288)
        #expect(report.exhaustive)
        #expect(report.passed)
    }

    @Test("actions written into the search's array, and the managers read all at once, are those read one by one")
    func actionsInto() {
        let model = TwoPhaseCommit(resourceManagers: 3)
        var seen: Set<TwoPhaseCommit.State> = []
        var queue = model.initialStates()
        var buffer = [TwoPhaseCommit.Action(.tmCommit), TwoPhaseCommit.Action(.rmPrepare, 2)]  // left by a state before
        while let state = queue.popLast() {
            guard seen.insert(state).inserted else { continue }
            let actions = model.actions(in: state)
            model.actions(in: state, into: &buffer)
            #expect(buffer == actions)
            // The properties read the managers all at once: the same as one by one.
            for target in [TwoPhaseCommit.RMState.working, .prepared, .committed, .aborted] {
                let oneByOne = (0..<3).filter { state.rm($0) == target }.reduce(UInt64(0)) { $0 | 1 << UInt64(2 * $1) }
                #expect(state.managers(in: target, of: 3) == oneByOne)
            }
            queue += actions.compactMap { model.next(state, $0) }
        }
        #expect(seen.count == 288)
    }

    @Test("5 resource managers: 8,832 distinct states, as Stateright publishes")
    func fiveManagers() {
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 5)).run()
        #expect(report.distinctStates == 8_832)
        #expect(report.exhaustive)
    }

    @Test("consistency holds and both agreements are reachable")
    func verdicts() throws {
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 3)).run()
        for name in ["consistent", "all committed", "all aborted"] {
            guard case .holds? = report.verdict(name)?.outcome else {
                Issue.record("\(name) does not hold")
                continue
            }
        }
        // Shortest commit: 3 prepares, 3 receipts, commit, 3 commit receipts.
        #expect(report.verdict("all committed")?.witness?.steps.count == 10)
    }

    @Test("a state survives its JSON form with the manager count it was built with")
    func stateRoundTrip() throws {
        let model = TwoPhaseCommit(resourceManagers: 4)
        var s = model.initialStates()[0]
        for a in [TwoPhaseCommit.Action(.rmPrepare, 2), .init(.tmReceivePrepared, 2), .init(.tmAbort)] {
            s = try #require(model.next(s, a))
        }
        let back = try JSONValue(encoding: s).decode(TwoPhaseCommit.State.self)
        #expect(back == s)
        #expect(back.count == 4)
    }

    @Test("a disabled action has no next state")
    func disabled() {
        let model = TwoPhaseCommit(resourceManagers: 2)
        let s = model.initialStates()[0]
        #expect(model.next(s, .init(.tmCommit)) == nil)
        #expect(model.next(s, .init(.rmReceiveAbort, 0)) == nil)
        #expect(!model.actions(in: s).contains(.init(.tmCommit)))
    }
}

@Suite struct TwoPhaseCommitLargeTests {
    @Test("8 resource managers: 1,745,408 distinct states, as Spin reports (design notes), on two threads")
    func eightManagers() {
        let report = BreadthFirstSearch(TwoPhaseCommit(resourceManagers: 8), options: SearchOptions(threads: 2)).run()
        #expect(report.distinctStates == 1_745_408)
        #expect(report.exhaustive)
        #expect(report.passed)
    }
}
