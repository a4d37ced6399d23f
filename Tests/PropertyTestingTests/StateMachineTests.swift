import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

/// A counter whose decrement is wrong at exactly 3, and which would also go wrong below zero
/// (the model forbids that by precondition). Both wrongs fail at the same `expect`, so only
/// re-checked preconditions keep the shrinker from "finding" the one-step `[decrement]`.
struct BuggyCounterMachine: StateMachine {
    enum Command: String, Codable, Sendable, CustomStringConvertible {
        case increment, decrement, reset
        var description: String { rawValue }
    }

    final class Counter {
        var value = 0
        func apply(_ command: Command) {
            switch command {
            case .increment: value += 1
            case .decrement: value -= value == 3 || value == 0 ? 2 : 1
            case .reset: value = 0
            }
        }
    }

    var initialState: Int { 0 }
    func makeSystem() -> Counter { Counter() }
    func command(in state: Int) -> Gen<Command> { .element(of: [.reset, .increment, .decrement]) }
    func precondition(_ command: Command, in state: Int) -> Bool { command != .decrement || state > 0 }
    func next(_ state: Int, after command: Command) -> Int {
        switch command {
        case .increment: state + 1
        case .decrement: state - 1
        case .reset: 0
        }
    }
    func run(_ command: Command, on counter: inout Counter, from state: Int, to next: Int, check: Check) throws {
        counter.apply(command)
        try check.expect(counter.value == next, "counter reads \(counter.value), model \(next)")
    }
}

/// A running total whose system drops any single addition above 40: the shortest failing
/// sequence is one step, and its argument shrinks to the smallest that fails, 41.
struct LossyTotalMachine: StateMachine {
    enum Command: Equatable, Sendable { case add(Int), clear }

    var initialState: Int { 0 }
    func makeSystem() -> Int { 0 }
    func command(in state: Int) -> Gen<Command> {
        .oneOf([Gen.int(in: 0...60).map { .add($0) }, .constant(.clear)])
    }
    func next(_ state: Int, after command: Command) -> Int {
        switch command {
        case .add(let n): state + n
        case .clear: 0
        }
    }
    func run(_ command: Command, on total: inout Int, from state: Int, to next: Int, check: Check) throws {
        switch command {
        case .add(let n) where n <= 40: total += n
        case .add: break
        case .clear: total = 0
        }
        try check.expect(total == next, "total \(total), model \(next)")
    }
}

@Suite struct StateMachineTests {
    static var quiet: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    @Test("a stateful failure shrinks to its shortest valid sequence: three increments, one decrement",
          arguments: [11, 12, 13, 14, 15] as [UInt64])
    func shrinksToShortestSequence(seed: UInt64) {
        var profile = Self.quiet
        profile.fixedSeed = seed
        let machine = BuggyCounterMachine()
        let result = checkProperty("counter follows its model", machine.steps(), profile: profile) { steps, check in
            try machine.execute(steps, check: check)
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample == Steps([.increment, .increment, .increment, .decrement]))
        #expect(result.failure?.hasPrefix("counter reads 1, model 2") == true)
    }

    @Test("steps are deleted first, then arguments shrink: one addition of 41", arguments: [21, 22, 23] as [UInt64])
    func argumentsShrinkAfterSteps(seed: UInt64) {
        var profile = Self.quiet
        profile.fixedSeed = seed
        let machine = LossyTotalMachine()
        let result = checkProperty("total follows its model", machine.steps(), profile: profile) { steps, check in
            try machine.execute(steps, check: check)
        }
        #expect(result.counterexample == Steps([.add(41)]))
    }
}
