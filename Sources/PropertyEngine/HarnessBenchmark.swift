import Foundation

/// Measures the harness: generated cases per second and shrink steps (candidate replays) per
/// second, on fixed seeds so runs compare. A benchmark, not a test: it prints figures and
/// asserts nothing. Run it from a release build (`cardcheck bench-harness`); `challenges`
/// (`cardcheck bench-harness --challenge`) measures shrinking quality on the shrinking challenge.
public enum HarnessBenchmark {
    /// Runs the benchmark and returns the report lines. `stop` is asked now and then (Ctrl-C):
    /// once it says so, the remaining work is skipped and the figures cover what ran.
    public static func run(cases: Int = 100_000, failures: Int = 500, stop: () -> Bool = { false }) -> [String] {
        let clock = ContinuousClock()
        let records = Gen.compose { draw in
            (try draw(.array(of: .int(in: 0...100), count: 0...10)), try draw(.optional(.bool)), try draw(Gen.timeZone()))
        }
        var generated = 0, choices = 0, casesRun = 0
        var stopped = false
        func stopping(_ index: Int) -> Bool {
            if !stopped && index % 256 == 0 && stop() { stopped = true }
            return stopped
        }
        let generation = clock.measure {
            for index in 0..<cases {
                if stopping(index) { break }
                casesRun += 1
                let source = ChoiceSource(seed: UInt64(index))
                if (try? records.generate(source)) != nil { generated += 1 }
                choices += source.choices.count
            }
        }

        var quiet = Profile.pr
        quiet.logsCaseSeeds = false
        quiet.reportsMultipleFailures = false
        var attempts = 0, accepted = 0, failuresRun = 0
        let lists = Gen.array(of: .int(in: 0...100), count: 0...10)
        let shrinking = clock.measure {
            for index in 0..<failures {
                if stopped || (index % 16 == 0 && stopping(0)) { break }
                failuresRun += 1
                quiet.fixedSeed = UInt64(index)
                let result = checkProperty("bench: no three numbers sum past 100", lists, profile: quiet) { list in
                    list.count < 3 || list.sorted().suffix(3).reduce(0, +) <= 100
                }
                attempts += result.shrinkAttempts
                accepted += result.shrinks
            }
        }
        let machine = BenchCounter(), sequences = max(cases / 10, 1)
        var steps = 0, sequencesRun = 0
        let stateful = clock.measure {
            for index in 0..<sequences {
                if stopping(index) { break }
                sequencesRun += 1
                guard let sequence = try? machine.steps().generate(ChoiceSource(seed: UInt64(index))) else { continue }
                try? machine.execute(sequence, check: Check())
                steps += sequence.commands.count
            }
        }
        return [
            "harness benchmark: cases \(casesRun), failing runs shrunk \(failuresRun), stateful sequences \(sequencesRun)",
            "generation: \(generated) cases (\(choices) choices) in \(format(generation)) s = "
                + "\(perSecond(generated, generation)) cases/s",
            "shrinking: \(attempts) shrink steps (\(accepted) accepted) in \(format(shrinking)) s = "
                + "\(perSecond(attempts, shrinking)) shrink steps/s",
            "stateful: \(sequencesRun) sequences (\(steps) steps) generated and run in \(format(stateful)) s = "
                + "\(perSecond(sequencesRun, stateful)) sequences/s",
        ]
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }

    private static func format(_ duration: Duration) -> String {
        String(format: "%.3f", seconds(duration))
    }

    private static func perSecond(_ count: Int, _ duration: Duration) -> String {
        String(Int((Double(count) / max(seconds(duration), 1e-9)).rounded()))
    }
}

/// A counter against its model, for the stateful figure.
private struct BenchCounter: StateMachine {
    enum Command { case increment, decrement, reset }

    var initialState: Int { 0 }
    func makeSystem() -> [Command] { [] }
    func command(in state: Int) -> Gen<Command> { .element(of: [.increment, .decrement, .reset]) }
    func precondition(_ command: Command, in state: Int) -> Bool { command != .decrement || state > 0 }
    func next(_ state: Int, after command: Command) -> Int {
        switch command {
        case .increment: state + 1
        case .decrement: state - 1
        case .reset: 0
        }
    }
    func run(_ command: Command, on log: inout [Command], from state: Int, to next: Int, check: Check) throws {
        log.append(command)
        try check.expect(next >= 0, "the count went negative")
    }
}
