import Foundation

/// Measures the harness: generated cases per second and shrink steps (candidate replays) per
/// second, on fixed seeds so runs compare. A benchmark, not a test: it prints figures and
/// asserts nothing. Run it from a release build (`cardcheck bench-harness`, if the command
/// line offers it).
public enum HarnessBenchmark {
    /// Runs the benchmark and returns the report lines.
    public static func run(cases: Int = 100_000, failures: Int = 50) -> [String] {
        let clock = ContinuousClock()
        let records = Gen.compose { draw in
            (try draw(.array(of: .int(in: 0...100), count: 0...10)), try draw(.optional(.bool)), try draw(Gen.timeZone()))
        }
        var generated = 0, choices = 0
        let generation = clock.measure {
            for index in 0..<cases {
                let source = ChoiceSource(seed: UInt64(index))
                if (try? records.generate(source)) != nil { generated += 1 }
                choices += source.choices.count
            }
        }

        var quiet = Profile.pr
        quiet.logsCaseSeeds = false
        var attempts = 0, accepted = 0
        let lists = Gen.array(of: .int(in: 0...100), count: 0...10)
        let shrinking = clock.measure {
            for index in 0..<failures {
                quiet.fixedSeed = UInt64(index)
                let result = checkProperty("bench: no three numbers sum past 100", lists, profile: quiet) { list in
                    list.count < 3 || list.sorted().suffix(3).reduce(0, +) <= 100
                }
                attempts += result.shrinkAttempts
                accepted += result.shrinks
            }
        }
        return [
            "harness benchmark: \(cases) cases, \(failures) shrunk failures",
            "generation: \(generated) cases (\(choices) choices) in \(format(generation)) s = "
                + "\(perSecond(generated, generation)) cases/s",
            "shrinking: \(attempts) shrink steps (\(accepted) accepted) in \(format(shrinking)) s = "
                + "\(perSecond(attempts, shrinking)) shrink steps/s",
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
