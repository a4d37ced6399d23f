import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct StateMachineStepsTests {
    @Test("generated sequences satisfy every precondition along the way")
    func generatedSequencesAreValid() {
        let machine = BuggyCounterMachine()
        let sequences = sample(machine.steps(count: 0...40), count: 300)
        for steps in sequences {
            var state = machine.initialState
            for command in steps.commands {
                #expect(machine.precondition(command, in: state))
                state = machine.next(state, after: command)
            }
        }
        #expect(sequences.contains { $0.commands.count > 10 })
    }

    @Test("a full step sequence followed by another choice shrinks to one addition of 41")
    func fullSequenceBeforeAnotherChoiceShrinks() {
        let machine = LossyTotalMachine()
        let gen = Gen.compose { draw in (try draw(machine.steps(count: 0...6)), try draw(Gen.element(of: ["a", "b", "c", "d", "e"]))) }
        let run = shrinkFromFirstFullCase(gen, isFull: { $0.0.commands.count == 6 }) { steps, tag in
            tag == "e" && (try? machine.execute(steps, check: Check())) == nil
        }
        #expect(run.start?.0.commands.count == 6)
        #expect(run.result.counterexample?.0 == Steps([.add(41)]))
        #expect(run.result.counterexample?.1 == "e")
    }

    @Test("a replayed sequence that breaks a precondition fails with that message, never reaching the system")
    func brokenPreconditionIsReported() {
        let check = Check()
        #expect(throws: PropertyFailure.self) {
            try BuggyCounterMachine().execute(Steps([.decrement]), check: check)
        }
        #expect(throws: (any Error).self) {
            do {
                try BuggyCounterMachine().execute(Steps([.increment, .reset, .decrement]), check: check)
            } catch let failure as PropertyFailure {
                #expect(failure.message == "step 3 (decrement) breaks its precondition: the sequence is not valid for this model")
                throw failure
            }
        }
    }
}
