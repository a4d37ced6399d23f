import Foundation

/// Shrinking a failure within the profile's budgets, and what the report says of it.
extension PropertyRunner {
    /// Shrinks the failure `found` (the `position`th distinct failure of `count`) and adds its
    /// report; the first also fills the result's counterexample fields.
    func shrink(_ found: Found, position: Int, of count: Int, into result: inout PropertyResult<Value>) {
        // A candidate may trap while shrinking; this line names the original case.
        writeSeed(HarnessMessage.shrinking(name, found.seed), found.seed)
        let started = now()
        var shrinker = Shrinker(
            start: found.start, maxAttempts: profile.maxShrinkAttempts,
            evaluate: { replaying(ChoiceSource(replaying: $0), known: $1) },
            evaluateValues: { replaying(ChoiceSource(replayingValues: $0), known: $1) })
        var lastProgress = started, printedProgress = false
        shrinker.watch = { attempts, improvements, choices in
            let time = now()
            if let progress, time - lastProgress >= 1 {
                lastProgress = time
                printedProgress = true
                progress(HarnessMessage.shrinkProgress(name, candidates: attempts, shrinks: improvements, choices: choices,
                                                       seconds: Int(time - started)))
            }
            guard let budget = profile.shrinkTimeBudget else { return true }
            return time - started < budget
        }
        shrinker.shrink()
        if printedProgress, let progress { progress("") }
        let best = shrinker.best
        var shrunk = ShrunkFailure(
            counterexample: best.value, failure: best.failure.message, failingSeed: found.seed, cases: found.cases,
            shrinks: shrinker.improvements, shrinkAttempts: shrinker.attempts, shrinkCalls: shrinker.calls,
            stoppedAtTimeBudget: shrinker.outOfTime)
        result.failures.append(shrunk)
        if position == 0 {
            result.shrinkSeconds = now() - started
            result.shrunkChoiceCount = best.choices.count
            result.outcome = .failed
            result.counterexample = best.value
            result.failingSeed = found.seed
            result.failure = best.failure.message
            result.shrinks = shrinker.improvements
            result.shrinkAttempts = shrinker.attempts
            result.shrinkCalls = shrinker.calls
        }
        var lines = [HarnessMessage.failed(name, cases: found.cases, shrinks: shrinker.improvements)
            + (count > 1 ? HarnessMessage.distinct(position + 1, of: count) : "")]
        var full: String?
        lines += details(best.value, best.failure, full: &full)
        lines.append("  reproduce: " + HarnessMessage.reproduce(seed: found.seed, filter: filter))
        lines.append("  (profile \(profile.name.rawValue), \(result.discarded) discarded, \(shrinker.attempts) shrink candidates"
            + (shrinker.outOfTime ? HarnessMessage.shrinkTimeSpent(profile.shrinkTimeBudget ?? 0)
                : shrinker.exhausted ? HarnessMessage.shrinkBudgetSpent : "") + ")")
        if profile.recordsCorpus, let record { lines.append("  " + record(best.value)) }
        if let full {
            let file = seedFiles.writeValue(full, for: name, failure: position + 1, log: log)
            lines.append("  " + HarnessMessage.fullValue(file))
            shrunk.fullValueFile = file
            result.failures[result.failures.count - 1] = shrunk
        }
        result.issues.append(lines.joined(separator: "\n"))
        result.report += lines
    }

    /// Replays `source` (a candidate's choices, or its draws by value) through the generator and
    /// the property, unless `known` has the outcome of the choices it read.
    private func replaying(
        _ source: ChoiceSource, known: ([UInt64]) -> Shrinker<Value>.Outcome?
    ) -> Shrinker<Value>.Replay {
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

    /// The failure and input lines of a report; the input is shortened past
    /// `ValueDescription.limit`, and `full` then holds the whole of it.
    func details(_ value: Value, _ failure: Failure, full: inout String?) -> [String] {
        var lines = ["  failure: " + failure.message]
        let description = ValueDescription(value)
        if description.isShortened { full = description.full }
        let text = description.short.split(separator: "\n", omittingEmptySubsequences: false)
        lines.append("  input: " + text.joined(separator: "\n    "))
        lines += failure.notes.map { "  note: " + $0 }
        return lines
    }

    func details(_ value: Value, _ failure: Failure) -> [String] {
        var full: String?
        return details(value, failure, full: &full)
    }

    /// Shrinks a failure starting from `choices` (a failing case's, replayed): what the big-input
    /// benchmark measures. Nil when `choices` do not fail.
    func shrinking(choices: [UInt64]) -> PropertyResult<Value>? {
        let source = ChoiceSource(replaying: choices)
        guard let value = try? gen.drawn(from: source), let failure = Failure.of(value, check: Check(), body) else { return nil }
        var result = PropertyResult<Value>(name: name, profile: profile.name, seed: 0)
        let start = Shrinker.Attempt(
            choices: source.choices, bounds: source.bounds, drawnValues: source.drawnValues, spans: source.spans,
            cuts: source.cuts, value: value, failure: failure)
        result.cases = 1
        shrink(Found(start: start, seed: 0, cases: 1), position: 0, of: 1, into: &result)
        return result
    }
}
