import Foundation
import SeededRandom

/// The core of a property run: replay the corpus, generate cases from per-case seeds, shrink
/// the first failure, tally labels. Reads nothing from the environment: all of it comes in.
struct PropertyRunner<Value> {
    /// A corpus value to replay before generating; `expectedFailure` marks a documented finding.
    struct ReplayEntry {
        var value: Value
        var expectedFailure: String?
    }

    let name: String
    let gen: Gen<Value>
    let profile: Profile
    let cover: [String]
    /// The `--filter` argument in the reproduction line.
    let filter: String
    let body: (Value, Check) throws -> Bool
    var replays: [ReplayEntry] = []
    var corpusFile = ""
    /// Stores a new shrunk counterexample in the corpus; returns the report line.
    var record: ((Value) -> String)?
    /// Where the seed lines go (stderr, unless a test listens).
    var log: (String) -> Void = StandardError.write
    /// The files `SeedLog.file` writes.
    var seedFiles = SeedFiles.shared

    func run() -> PropertyResult<Value> {
        let seed = profile.seed(for: name)
        var result = PropertyResult<Value>(name: name, profile: profile.name, seed: seed)
        if let problem = profile.configurationError {
            result.outcome = .misconfigured
            result.issues = [problem]
            result.report = [problem]
            return result
        }
        replayCorpus(into: &result)
        if result.outcome == .passed { generate(from: seed, into: &result) }
        return result
    }

    private func replayCorpus(into result: inout PropertyResult<Value>) {
        for (index, entry) in replays.enumerated() {
            let failure = Failure.of(entry.value, check: Check(), body)
            switch (entry.expectedFailure, failure) {
            case (nil, nil):
                result.replays.append(.passed)
            case (nil, let failure?):
                result.replays.append(.regressed)
                result.outcome = .failed
                result.counterexample = entry.value
                result.failure = failure.message
                let line = HarnessMessage.corpusRegression(name, entry: index + 1, file: corpusFile)
                result.issues.append(([line] + details(entry.value, failure)).joined(separator: "\n"))
                result.report.append(line)
            case (let reason?, _?):
                result.replays.append(.knownFindingStillFails)
                result.report.append(HarnessMessage.knownFindingStillFails(name, entry: index + 1, reason: reason))
            case (let reason?, nil):
                result.replays.append(.expectedFailureNowPasses)
                let line = HarnessMessage.expectedFailureNowPasses(name, entry: index + 1, file: corpusFile, reason: reason)
                result.issues.append(line)
                result.report.append(line)
            }
        }
    }

    private func generate(from seed: UInt64, into result: inout PropertyResult<Value>) {
        var seeds = SplitMix64(seed: seed)
        var nextSeed = seed, index = 0
        var counts: [String: Int] = [:], runaways: [String: Int] = [:]
        let clock = ContinuousClock(), start = clock.now
        let discardLimit = max(10 * profile.cases, 1_000)
        defer { if profile.seedLog == .file { seedFiles.remove(for: name) } }
        while result.cases < profile.cases {
            if let budget = profile.timeBudget, result.cases > 0, clock.now - start > .seconds(budget) { break }
            if result.discarded >= discardLimit {
                result.outcome = .gaveUp
                result.issues.append(HarnessMessage.gaveUp(name, cases: result.cases, discarded: result.discarded))
                break
            }
            let caseSeed = nextSeed
            nextSeed = seeds.next()
            writeSeed(HarnessMessage.caseStarting(name, index, caseSeed), caseSeed)
            index += 1
            let source = ChoiceSource(seed: caseSeed)
            guard let value = try? gen.drawn(from: source) else {
                result.discarded += 1
                if let site = source.runaway {
                    result.overruns += 1
                    runaways[site.description, default: 0] += 1
                }
                continue
            }
            let check = Check()
            let failure = Failure.of(value, check: check, body)
            if check.isDiscarded {
                result.discarded += 1
                continue
            }
            result.cases += 1
            if let failure {
                // A candidate may trap while shrinking; this line still names the original case.
                writeSeed(HarnessMessage.shrinking(name, caseSeed), caseSeed)
                let start = Shrinker.Attempt(
                    choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans, cuts: source.cuts, value: value, failure: failure)
                shrink(start, seed: caseSeed, into: &result)
                return
            }
            for label in check.labels { counts[label, default: 0] += 1 }
        }
        result.labels = counts.map { LabelCount($0.key, $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
        result.missingLabels = cover.filter { counts[$0] == nil }
        if result.outcome == .passed {
            for label in result.missingLabels {
                result.issues.append(HarnessMessage.neverLabelled(name, label: label, cases: result.cases))
            }
        }
        result.report.insert(HarnessMessage.passed(name, cases: result.cases, profile: profile.name, seed: seed), at: 0)
        if !result.labels.isEmpty { result.report.append("  labels: " + labelSummary(result)) }
        if result.discarded > 0 { result.report.append(HarnessMessage.discarded(result.discarded, overruns: result.overruns)) }
        if let runaway = runaways.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) {
            let line = HarnessMessage.overran(
                name, generator: runaway.key, overruns: result.overruns, draws: result.cases + result.discarded)
            // Hypothesis's health check: a few overruns are noise, a tenth of all draws is a runaway generator.
            if result.overruns * 10 >= result.cases + result.discarded { result.issues.append(line) } else { result.report.append(line) }
        }
        result.report += result.issues.filter { !result.report.contains($0) }
    }

    /// Writes `line` (a case starting, or shrinking) where `profile.seedLog` says, before the case runs.
    private func writeSeed(_ line: String, _ seed: UInt64) {
        switch profile.seedLog {
        case .off: return
        case .cases: log(line)
        case .file:
            seedFiles.write(line + "\n  reproduce: " + HarnessMessage.reproduce(seed: seed, filter: filter) + "\n", for: name, log: log)
        }
    }

    private func shrink(_ start: Shrinker<Value>.Attempt, seed: UInt64, into result: inout PropertyResult<Value>) {
        func replaying(_ source: ChoiceSource, known: ([UInt64]) -> Shrinker<Value>.Outcome? = { _ in nil }) -> Shrinker<Value>.Replay {
            func replay(_ outcome: Shrinker<Value>.Outcome, ranProperty: Bool) -> Shrinker<Value>.Replay {
                .init(read: source.choices, bounds: source.bounds, exceeded: source.exceededBound, ranProperty: ranProperty, outcome: outcome)
            }
            guard let value = try? gen.drawn(from: source) else { return replay(.rejected, ranProperty: false) }
            if let outcome = known(source.choices) { return replay(outcome, ranProperty: false) }
            let check = Check()
            guard let failure = Failure.of(value, check: check, body) else {
                return replay(check.isDiscarded ? .rejected : .passed, ranProperty: true)
            }
            return replay(.failed(Shrinker.Attempt(
                choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans,
                cuts: source.cuts, value: value, failure: failure)), ranProperty: true)
        }
        var shrinker = Shrinker(
            start: start, maxAttempts: profile.maxShrinkAttempts,
            evaluate: { replaying(ChoiceSource(replaying: $0), known: $1) }, evaluateValues: { replaying(ChoiceSource(replayingValues: $0), known: $1) })
        let clock = ContinuousClock(), started = clock.now
        shrinker.shrink()
        let elapsed = (clock.now - started).components
        result.shrinkSeconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        let best = shrinker.best
        result.shrunkChoiceCount = best.choices.count
        result.outcome = .failed
        result.counterexample = best.value
        result.failingSeed = seed
        result.failure = best.failure.message
        result.shrinks = shrinker.improvements
        result.shrinkAttempts = shrinker.attempts
        result.shrinkCalls = shrinker.calls
        var lines = [HarnessMessage.failed(name, cases: result.cases, shrinks: shrinker.improvements)]
        lines += details(best.value, best.failure)
        lines.append("  reproduce: " + HarnessMessage.reproduce(seed: seed, filter: filter))
        lines.append("  (profile \(profile.name.rawValue), \(result.discarded) discarded, \(shrinker.attempts) shrink candidates"
            + (shrinker.exhausted ? HarnessMessage.shrinkBudgetSpent : "") + ")")
        if profile.recordsCorpus, let record { lines.append("  " + record(best.value)) }
        result.issues.append(lines.joined(separator: "\n"))
        result.report += lines
    }

    private func details(_ value: Value, _ failure: Failure) -> [String] {
        var lines = ["  failure: " + failure.message]
        let description = String(describing: value).split(separator: "\n", omittingEmptySubsequences: false)
        lines.append("  input: " + description.joined(separator: "\n    "))
        lines += failure.notes.map { "  note: " + $0 }
        return lines
    }

    private func labelSummary(_ result: PropertyResult<Value>) -> String {
        result.labels.map { "\($0.label) \($0.count) (\($0.count * 100 / max(result.cases, 1))%)" }.joined(separator: ", ")
    }
}

/// Writes whole lines to stderr, so seeds appear before a case that may trap.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
