import Foundation
import SeededRandom

/// The core of a property run: replay the corpus, generate cases from per-case seeds, shrink
/// each distinct failure, tally labels. Reads nothing from the environment: all of it comes in.
struct PropertyRunner<Value> {
    /// A corpus value to replay before generating; `expectedFailure` marks a documented finding.
    struct ReplayEntry {
        var value: Value
        var expectedFailure: String?
    }

    /// A generated case that failed in a way not seen before, waiting to be shrunk.
    struct Found {
        var start: Shrinker<Value>.Attempt
        var seed: UInt64
        /// Generated cases up to and including this one.
        var cases: Int
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
    /// Seconds on a monotonic clock, for the shrink's time budget and progress line.
    var now: () -> Double = PropertyRunner.monotonicSeconds
    /// Where the shrink's progress line goes: stderr when it is a terminal, else nowhere.
    var progress: ((String) -> Void)? = StandardError.progressSink

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

    /// Whether to generate another case: the profile's count, and once a failure is found,
    /// Hypothesis's rule for finding others (at least 10 cases, and no further than 1,000 past
    /// the first failure or twice the case of the last).
    private func wantsMore(_ cases: Int, _ found: [Found]) -> Bool {
        guard cases < profile.cases else { return false }
        guard let first = found.first?.cases, let last = found.last?.cases else { return true }
        guard profile.reportsMultipleFailures else { return false }
        return cases < 10 || cases < min(first + 1_000, last * 2)
    }

    private func generate(from seed: UInt64, into result: inout PropertyResult<Value>) {
        var seeds = SplitMix64(seed: seed)
        var nextSeed = seed, index = 0
        var counts: [String: Int] = [:], runaways: [String: Int] = [:], found: [Found] = []
        let clock = ContinuousClock(), start = clock.now
        let discardLimit = max(10 * profile.cases, 1_000)
        // Once per run: the run's seed reruns its cases in order, up to a case that traps.
        if profile.seedLog == .file { writeSeed(HarnessMessage.running(name, seed), seed) }
        defer { if profile.seedLog == .file { seedFiles.remove(for: name) } }
        var cases = 0
        while wantsMore(cases, found) {
            if let budget = profile.timeBudget, cases > 0, clock.now - start > .seconds(budget) { break }
            if result.discarded >= discardLimit {
                if found.isEmpty {
                    result.outcome = .gaveUp
                    result.issues.append(HarnessMessage.gaveUp(name, cases: cases, discarded: result.discarded))
                }
                break
            }
            let caseSeed = nextSeed
            nextSeed = seeds.next()
            if profile.seedLog == .cases { log(HarnessMessage.caseStarting(name, index, caseSeed)) }
            index += 1
            let source = ChoiceSource(seed: caseSeed)
            guard let value = try? gen.drawn(from: source) else {
                // An overrun is discarded and the next case drawn, as a rejected draw is.
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
            cases += 1
            if let failure {
                // Each distinct failure (where it fails, how) once: the first case that shows it.
                if !found.contains(where: { $0.start.failure.signature == failure.signature }) {
                    let attempt = Shrinker.Attempt(
                        choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans,
                        cuts: source.cuts, value: value, failure: failure)
                    found.append(Found(start: attempt, seed: caseSeed, cases: cases))
                }
                continue
            }
            if found.isEmpty { for label in check.labels { counts[label, default: 0] += 1 } }
        }
        guard found.isEmpty else {
            result.cases = found[0].cases
            for (position, failure) in found.enumerated() {
                shrink(failure, position: position, of: found.count, into: &result)
            }
            reportOverruns(runaways, into: &result)
            return
        }
        result.cases = cases
        result.labels = counts.map { LabelCount($0.key, $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
        result.missingLabels = cover.filter { counts[$0] == nil }
        if result.outcome == .passed {
            for label in result.missingLabels {
                result.issues.append(HarnessMessage.neverLabelled(name, label: label, cases: result.cases))
            }
        }
        if result.outcome == .passed {
            result.report.insert(HarnessMessage.passed(name, cases: result.cases, profile: profile.name, seed: seed), at: 0)
        }
        if !result.labels.isEmpty { result.report.append("  labels: " + labelSummary(result)) }
        if result.discarded > 0 { result.report.append(HarnessMessage.discarded(result.discarded, overruns: result.overruns)) }
        reportOverruns(runaways, into: &result)
        result.report += result.issues.filter { !result.report.contains($0) }
    }

    /// The health check on overruns: a warning naming the generator, never a failure by itself
    /// (each overrun was discarded and another case drawn; only discards past the give-up limit,
    /// ten times the cases, fail a run, and then this line says why).
    private func reportOverruns(_ runaways: [String: Int], into result: inout PropertyResult<Value>) {
        guard let runaway = runaways.max(by: { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }) else { return }
        let line = HarnessMessage.overran(name, generator: runaway.key, overruns: result.overruns, draws: result.cases + result.discarded)
        // When the discards made the run give up, the generator that overran is why.
        if result.outcome == .gaveUp { result.issues.append(line) } else { result.report.append(line) }
    }

    /// Writes `line` (the run starting, or a failure shrinking) to the property's seed file, or
    /// the log when that cannot be written.
    func writeSeed(_ line: String, _ seed: UInt64) {
        switch profile.seedLog {
        case .off: return
        case .cases: log(line)
        case .file:
            seedFiles.write(line + "\n  reproduce: " + HarnessMessage.reproduce(seed: seed, filter: filter) + "\n", for: name, log: log)
        }
    }

    private func labelSummary(_ result: PropertyResult<Value>) -> String {
        result.labels.map { "\($0.label) \($0.count) (\($0.count * 100 / max(result.cases, 1))%)" }.joined(separator: ", ")
    }

    static func monotonicSeconds() -> Double {
        let elapsed = ContinuousClock.now - monotonicOrigin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }
}

/// Writes whole lines to stderr, so seeds appear before a case that may trap.
enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// Whether stderr is a terminal (a progress line is shown only there, never in a CI log).
    static let isTerminal = isatty(STDERR_FILENO) != 0

    /// `overwrite` when stderr is a terminal, else nil.
    static var progressSink: ((String) -> Void)? {
        guard isTerminal else { return nil }
        return { overwrite($0) }
    }

    /// Replaces the terminal's current line with `line` (an empty one clears it).
    static func overwrite(_ line: String) {
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + line).utf8))
    }
}

/// What `PropertyRunner.monotonicSeconds` counts from.
private let monotonicOrigin = ContinuousClock.now
