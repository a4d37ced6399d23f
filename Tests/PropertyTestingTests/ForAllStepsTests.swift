import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// Docs/property-testing.md's stateful example, compiled and run as written (with a correct counter).
struct Counter {
    var value = 0
    mutating func apply(_ command: CounterMachine.Command) {
        switch command {
        case .increment: value += 1
        case .decrement: value -= 1
        case .reset: value = 0
        }
    }
}

struct CounterMachine: StateMachine {
    enum Command: String, Codable { case increment, decrement, reset }
    var initialState: Int { 0 }
    func makeSystem() -> Counter { Counter() }
    func command(in state: Int) -> Gen<Command> { .element(of: [.increment, .decrement, .reset]) }
    func precondition(_ command: Command, in state: Int) -> Bool { command != .decrement || state > 0 }
    func next(_ state: Int, after command: Command) -> Int {
        switch command { case .increment: state + 1; case .decrement: state - 1; case .reset: 0 }
    }
    func run(_ command: Command, on counter: inout Counter, from state: Int, to next: Int, check: Check) throws {
        counter.apply(command)
        try check.expect(counter.value == next, "counter reads \(counter.value), model \(next)")
    }
}

@Suite struct ForAllStepsTests {
    static var quiet: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    @Test("the report numbers the steps and names the failing one")
    func reportNamesFailingStep() {
        var result: PropertyResult<Steps<BuggyCounterMachine>>?
        withKnownIssue {
            result = forAllSteps("counter follows its model", BuggyCounterMachine(), profile: Self.quiet)
        }
        let report = result?.issues.first ?? ""
        #expect(report.contains("  input: 1. increment\n    2. increment\n    3. increment\n    4. decrement\n"))
        #expect(report.contains("  note: failed at step 4 of 4: decrement\n"))
        // The model's state after each step, as the steps are listed.
        #expect(report.contains("""
              note: model initially: 0
              note: model after step 1 (increment): 1
              note: model after step 2 (increment): 2
              note: model after step 3 (increment): 3
              note: failed at step 4 of 4: decrement
              note: model expected after step 4: 2
            """))
    }


    @Test("the property-testing page's counter example holds")
    func counterFollowsModel() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let result = forAllSteps("the counter follows its model", CounterMachine(), profile: profile)
        #expect(result.outcome == .passed)
        #expect(result.cases == 100)
    }

    @Test("the property-testing page's list example shrinks to [0, 1, 100] and labels its three-element cases")
    func listExample() {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let result = checkProperty("no three numbers sum past 100", .array(of: .int(in: 0...100), count: 0...10),
                                   profile: profile, cover: ["three or more"]) { list, check in
            check.label("three or more", when: list.count >= 3)
            try check.expect(list.count < 3 || list.sorted().suffix(3).reduce(0, +) <= 100, "top three sum past 100")
        }
        #expect(result.counterexample == [0, 1, 100])
    }
}

extension ForAllStepsTests {
    @Test("a stored command sequence replays from the corpus before generated sequences")
    func stepsReplayFromCorpus() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let corpus = Corpus(directory: directory)
        try corpus.append(Steps<CounterMachine>([.increment, .decrement, .reset]), for: "the counter follows its model")
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        let result = forAllSteps("the counter follows its model", CounterMachine(), profile: profile, corpus: corpus)
        #expect(result.replays == [.passed])
    }
}
