/// Generating and executing command sequences.
extension StateMachine {
    /// Sequences of `count` commands, each satisfying its precondition in the model state the
    /// earlier ones reach. Records each step (with its "one more?" flag) as a span and each loop
    /// as a cut for the shrinker.
    public func steps(count: ClosedRange<Int> = 0...30) -> Gen<Steps<Self>> {
        let minimum = max(count.lowerBound, 0), maximum = max(count.upperBound, minimum)
        let more = ChoiceSource.weighted(Double(maximum) / Double(maximum + 2))
        return Gen { source in
            var state = initialState, commands: [Command] = []
            var firstSeen: [State: Int] = [initialState: 0], stepStarts: [Int] = []
            while true {
                let mark = source.mark(), current = state
                let command: Command?
                do {
                    // Flags as in `Gen.array`: forced below the minimum and at the maximum.
                    command = try source.span(.step) {
                        let flag = commands.count < minimum ? try source.draw(forced: 1)
                            : commands.count >= maximum ? try source.draw(forced: 0)
                            : try source.draw(max: 1, random: more)
                        if flag == 0 { return nil }
                        return try self.command(in: current).filter(limit: 20) { precondition($0, in: current) }.generate(source)
                    }
                } catch Rejection.filtered where !source.isReplaying {
                    // Nothing enabled was found: end the sequence here, recording the end for replays.
                    source.rewind(to: mark)
                    try source.span(.step) { _ = try source.draw(forced: 0) }
                    break
                }
                guard let command else { break }
                stepStarts.append(mark.choices)
                commands.append(command)
                state = next(state, after: command)
                if let earlier = firstSeen[state] {
                    source.cuts.append(stepStarts[earlier]..<source.choices.count)
                } else {
                    firstSeen[state] = commands.count
                }
            }
            return Steps(commands)
        }
    }

    /// Runs `steps` on a fresh system, checking each against the model; a failure notes the
    /// model's state after each step that ran, the step that failed, and the state it expected.
    public func execute(_ steps: Steps<Self>, check: Check) throws {
        var system = makeSystem(), state = initialState, states = [initialState]
        for (index, command) in steps.commands.enumerated() {
            guard precondition(command, in: state) else {
                try check.fail(HarnessMessage.preconditionBroken(step: index + 1, "\(command)"))
            }
            let after = next(state, after: command)
            do {
                try run(command, on: &system, from: state, to: after, check: check)
            } catch {
                check.note(HarnessMessage.modelInitially(ValueDescription(states[0]).short))
                for (step, reached) in states.enumerated().dropFirst() {
                    check.note(HarnessMessage.modelAfterStep(step, "\(steps.commands[step - 1])", ValueDescription(reached).short))
                }
                check.note(HarnessMessage.failedAtStep(index + 1, of: steps.commands.count, "\(command)"))
                check.note(HarnessMessage.modelExpected(index + 1, ValueDescription(after).short))
                throw error
            }
            state = after
            states.append(state)
        }
    }
}
