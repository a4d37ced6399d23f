import Testing

/// Checks that `machine`'s system follows its model for random command sequences, failing
/// the current test with the shrunk sequence (numbered steps) if not.
@discardableResult
public func forAllSteps<Machine: StateMachine>(
    _ name: String, _ machine: Machine, count: ClosedRange<Int> = 0...30, profile: Profile = .current,
    cover: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyResult<Steps<Machine>> {
    forAll(name, machine.steps(count: count), profile: profile, cover: cover, sourceLocation: sourceLocation) { steps, check in
        try machine.execute(steps, check: check)
    }
}

/// `forAllSteps` that first replays the corpus entries for `name` (command sequences).
@discardableResult
public func forAllSteps<Machine: StateMachine>(
    _ name: String, _ machine: Machine, count: ClosedRange<Int> = 0...30, profile: Profile = .current,
    cover: [String] = [], corpus: Corpus, sourceLocation: SourceLocation = #_sourceLocation
) -> PropertyResult<Steps<Machine>> where Machine.Command: Codable {
    forAll(name, machine.steps(count: count), profile: profile, cover: cover, corpus: corpus, sourceLocation: sourceLocation) {
        steps, check in
        try machine.execute(steps, check: check)
    }
}
