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

    /// One model's figures: this build's fastest run with one thread and with N, the
    /// baseline's best single-threaded rate (nil without a baseline), and Spin's fastest run of
    /// each variant (`BenchSpin.variants`; empty without Spin).
    struct Row {
        var one: BenchFigures
        var many: BenchFigures
        var baseline: BenchBaseline.Figures?
        var spin: [BenchSpin.Figures] = []
    }

    /// Measures `model`: R single-threaded runs, each followed by the baseline's (when given)
    /// and by one run of each Spin variant (with `spin`), so every rate compared comes from the
    /// same minutes; `spinRun` runs a variant once (`BenchSpin.withVerifiers`); then R with N
    /// threads; nil once stopped. Spin exploring other states than cardcheck is an error (not
    /// the twin); hash compaction may store fewer, never more.
    mutating func measure(
        _ model: BenchModel, baseline: BenchBaseline?, spin: BenchSpin? = nil,
        spinRun: (BenchSpin.Variant) throws -> BenchSpin.Figures? = { _ in nil }, stop: RunStop
    ) throws -> Row? {
        func once(_ n: Int) throws -> BenchFigures? {
            var arguments = ["bench", "--run", model.name, "--threads", "\(n)"]
            if model.name == "fleet" { arguments += ["--fleet", fleetPath] }
            let what = "run 'cardcheck \(arguments.joined(separator: " "))'"
            guard case .figures(let f) = try BenchChild.run(executable, arguments, what: what, stop: stop) else { return nil }
            return f
        }
        var fastest: BenchFigures?
        var best: BenchBaseline.Figures?
        var bestSpin: [BenchSpin.Figures?] = Array(repeating: nil, count: spin == nil ? 0 : BenchSpin.variants.count)
        var baselineFailure: String?
        for _ in 0..<repeats {
            guard let f = try once(1) else { return nil }
            if f.seconds < fastest?.seconds ?? .infinity { fastest = f }
            if let baseline, baselineFailure == nil {
                do {
                    guard let b = try baseline.run(model.configuration ?? fleetPath, stop: stop) else { return nil }
                    if b.statesPerSecond > best?.statesPerSecond ?? -1 { best = b }
                } catch let error as CommandError {
                    // An older build that cannot run this row (another configuration format, another
                    // report) leaves it uncompared; the other rows still are.
                    baselineFailure = error.description
                    best = nil
                }
            }
            if let spin {
                for (i, variant) in BenchSpin.variants.enumerated() {
                    guard let s = try spinRun(variant) else { return nil }
                    guard variant.exact ? s.states == f.states : (1...f.states).contains(s.states) else {
                        throw CommandError.spinStates(spin.model, variant.name, spin: s.states, cardcheck: f.states)
                    }
                    if s.rate > bestSpin[i]?.rate ?? -1 { bestSpin[i] = s }
                }
            }
        }
        var fastestN: BenchFigures?
        for _ in 0..<repeats {
            guard let f = try once(threads) else { return nil }
            if f.seconds < fastestN?.seconds ?? .infinity { fastestN = f }
        }
        guard let one = fastest, let many = fastestN else { return nil }
        if var baselineFailure {
            if baselineFailure.hasPrefix("bench: the ") { baselineFailure.removeFirst("bench: the ".count) }
            notes.append("baseline: \(model.name) not compared: \(baselineFailure)")
        }
        if let best, best.states != one.states {
            notes.append("baseline: \(model.name) explores \(best.states.grouped) states there, \(one.states.grouped) here: not compared")
        }
        let row = Row(one: one, many: many, baseline: best, spin: bestSpin.compactMap { $0 })
        measured.append((model.name, row))
        return row
    }

    /// Spin's fastest run of each variant beside `row` (measured with Spin's verifiers), one
    /// line each with cardcheck's single-threaded rate over it.
    static func spinLines(_ spin: BenchSpin, beside row: Row) -> [String] {
        let rate = Double(row.one.states) / row.one.seconds
        return zip(BenchSpin.variants, row.spin).map { variant, figures in
            spinLine(variant, figures, spin: spin, cardcheckRate: rate, cardcheckStates: row.one.states)
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
