import CIRun
import Explorer
import Foundation

/// The runs behind `cardcheck bench`'s rows: this build's searches, each in a fresh child
/// process, a baseline build's run in turn with them, and Spin's beside two-phase commit.
struct BenchTable {
    let repeats: Int
    let threads: Int
    let fleetPath: String
    let executable: String
    /// Lines printed after the table: a baseline or reference that could not be compared.
    private(set) var notes: [String] = []
    /// The rows measured so far, in order, with their model names.
    private(set) var measured: [(name: String, row: Row)] = []

    init(repeats: Int, threads: Int, fleetPath: String, executable: String) {
        self.repeats = repeats
        self.threads = threads
        self.fleetPath = fleetPath
        self.executable = executable
    }

    /// One model's figures: this build's fastest run with one thread and with N, and the
    /// baseline's best single-threaded rate (nil without a baseline).
    struct Row {
        var one: BenchFigures
        var many: BenchFigures
        var baseline: BenchBaseline.Figures?
    }

    /// Measures `model`: R single-threaded runs (each followed by the baseline's, when given),
    /// then R with N threads; nil once stopped.
    mutating func measure(_ model: BenchModel, baseline: BenchBaseline?, stop: RunStop) throws -> Row? {
        func once(_ n: Int) throws -> BenchFigures? {
            var arguments = ["bench", "--run", model.name, "--threads", "\(n)"]
            if model.name == "fleet" { arguments += ["--fleet", fleetPath] }
            let what = "run 'cardcheck \(arguments.joined(separator: " "))'"
            guard case .figures(let f) = try BenchChild.run(executable, arguments, what: what, stop: stop) else { return nil }
            return f
        }
        var fastest: BenchFigures?
        var best: BenchBaseline.Figures?
        for _ in 0..<repeats {
            guard let f = try once(1) else { return nil }
            if f.seconds < fastest?.seconds ?? .infinity { fastest = f }
            if let baseline {
                guard let b = try baseline.run(model.configuration ?? fleetPath, stop: stop) else { return nil }
                if b.statesPerSecond > best?.statesPerSecond ?? -1 { best = b }
            }
        }
        var fastestN: BenchFigures?
        for _ in 0..<repeats {
            guard let f = try once(threads) else { return nil }
            if f.seconds < fastestN?.seconds ?? .infinity { fastestN = f }
        }
        guard let one = fastest, let many = fastestN else { return nil }
        if let best, best.states != one.states {
            notes.append("baseline: \(model.name) explores \(best.states.grouped) states there, \(one.states.grouped) here: not compared")
        }
        let row = Row(one: one, many: many, baseline: best)
        measured.append((model.name, row))
        return row
    }

    /// Spin's runs beside `row` (two-phase commit with Spin's managers): R runs of each variant
    /// in turn, the fastest kept, one line each with cardcheck's single-threaded rate over it;
    /// nil once stopped. Spin exploring other states than cardcheck is an error (not the twin);
    /// hash compaction may store fewer, never more.
    func spinLines(_ spin: BenchSpin, beside row: Row, stop: RunStop) throws -> [String]? {
        let rate = Double(row.one.states) / row.one.seconds
        return try spin.withVerifiers(stop: stop) { run -> [String]? in
            var best: [BenchSpin.Figures?] = Array(repeating: nil, count: BenchSpin.variants.count)
            for _ in 0..<repeats {
                for (i, variant) in BenchSpin.variants.enumerated() {
                    guard let f = try run(variant) else { return nil }
                    guard variant.exact ? f.states == row.one.states : (1...row.one.states).contains(f.states) else {
                        throw CommandError.spinStates(spin.model, variant.name, spin: f.states, cardcheck: row.one.states)
                    }
                    if f.rate > best[i]?.rate ?? -1 { best[i] = f }
                }
            }
            return zip(BenchSpin.variants, best).compactMap { variant, figures in
                figures.map { Self.spinLine(variant, $0, spin: spin, cardcheckRate: rate, cardcheckStates: row.one.states) }
            }
        }
    }

    static func spinLine(
        _ variant: BenchSpin.Variant, _ f: BenchSpin.Figures, spin: BenchSpin, cardcheckRate: Double, cardcheckStates: Int
    ) -> String {
        let label = "  \(variant.name)".padding(toLength: 24, withPad: " ", startingAt: 0)
        return label + String(format: "%9d   %14.0f  %8.0f", f.states, f.rate, f.rate > 0 ? 1e9 / f.rate : 0)
            + "   (\(variant.flags.joined(separator: " ")), pan -w\(spin.hashBits), \(spin.managers) managers):"
            + String(format: " cardcheck 1 thread %.2fx", f.rate > 0 ? cardcheckRate / f.rate : 0)
            + (variant.exact ? "" : "; states lost to compaction: \((cardcheckStates - f.states).grouped)")
    }

    enum Source { case this, baseline }

    /// The single-threaded figures of this run's rows (this build's, or the baseline's) as a
    /// reference file's rows.
    func reference(build: String, from source: Source) -> BenchReference {
        let rows = measured.compactMap { name, row -> BenchReference.Row? in
            switch source {
            case .this:
                return BenchReference.Row(
                    model: name, states: row.one.states, statesPerSecond: Int((Double(row.one.states) / row.one.seconds).rounded()))
            case .baseline:
                return row.baseline.map { BenchReference.Row(model: name, states: $0.states, statesPerSecond: $0.statesPerSecond) }
            }
        }
        let date = ISO8601DateFormatter().string(from: Date()).prefix(10)
        let measuredText = "\(date), cardcheck bench --repeat \(repeats)\(source == .baseline ? " --baseline" : ""), best of \(repeats) single-threaded runs, load \(BenchCommand.loadAverage())"
        return BenchReference(build: build, measured: measuredText, rows: rows)
    }
}
