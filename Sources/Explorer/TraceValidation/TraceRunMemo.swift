/// The search runs a diagnosis has made, by what each read: a run's outcome depends on nothing
/// but its gap bounds (one per diagnosis), its stall budget, the lines it read (up to a renaming of sids and tokens:
/// the binding knows them by order of first appearance: `LogNames.canonical`) and how its range's length compared with
/// the positions it asked about. A run of other lines alike in all of that is answered by the
/// earlier one, moved to its lines. A day's log repeats a few shapes of episode thousands of times.
public struct TraceRunMemo<M: LogProjectedModel> {
    /// A log line with its sids and tokens numbered by first appearance in the run's range.
    typealias Line = M.Binding.Names.Canonical

    struct Key: Hashable {
        /// Whether the run opened on a window (its first line written from any reachable state).
        var window: Bool
        var stall: Int?
        var watch: Bool
        var first: Line
    }

    struct Entry {
        var lines: [Line]
        var count: Int
        var lengthAsked: Int
        var outcome: TraceSearch<M>.Outcome
        var origin: Int
    }

    public init() {}

    private var entries: [Key: [Entry]] = [:]  // lookup only
    /// Runs answered from an earlier one.
    public private(set) var hits = 0
    /// Entries kept for one first line at most (a lookup tries each in turn).
    static var perKey: Int { 256 }

    /// The outcome of searching `range`, if a run kept earlier read the same.
    public mutating func answer(_ log: M.Log, _ range: Range<Int>, window: Bool, stall: Int?, watch: Bool = false) -> TraceSearch<M>.Outcome? {
        guard !range.isEmpty else { return nil }
        var reading = TraceLogReading<M>(log.lines[range])
        guard let first = reading.canonical(0), let kept = entries[Key(window: window, stall: stall, watch: watch, first: first)] else { return nil }
        for entry in kept {
            let lengthAlike = entry.count == range.count || (entry.count > entry.lengthAsked && range.count > entry.lengthAsked)
            guard lengthAlike, range.count >= entry.lines.count else { continue }
            guard entry.lines.indices.allSatisfy({ reading.canonical($0) == entry.lines[$0] }) else { continue }
            hits += 1
            return Self.moved(entry.outcome, by: range.lowerBound - entry.origin)
        }
        return nil
    }

    /// Keeps a run's outcome for later runs: one that ended consistent or gave up (a stuck
    /// run's report names the log's own sids and tokens; a cut-short one is no answer).
    public mutating func keep(_ outcome: TraceSearch<M>.Outcome, _ log: M.Log, _ range: Range<Int>, window: Bool, stall: Int?, watch: Bool = false) {
        switch outcome.ending {
        case .consistent, .stalled: break
        case .stuck, .cutShort, .unbroken: return
        }
        var reading = TraceLogReading<M>(log.lines[range])
        var lines: [Line] = []
        for i in 0..<min(outcome.read, range.count) {
            guard let line = reading.canonical(i) else { return }
            lines.append(line)
        }
        guard let first = lines.first else { return }
        let key = Key(window: window, stall: stall, watch: watch, first: first)
        guard entries[key, default: []].count < Self.perKey else { return }
        var kept = outcome
        kept.candidates = 0
        kept.expanded = 0
        entries[key, default: []].append(
            Entry(lines: lines, count: range.count, lengthAsked: outcome.lengthAsked, outcome: kept, origin: range.lowerBound))
    }

    /// The outcome of a run that began `d` lines later (only consistent and stalled ones are kept).
    static func moved(_ o: TraceSearch<M>.Outcome, by d: Int) -> TraceSearch<M>.Outcome {
        var out = o
        if case .stalled(let index) = o.ending { out.ending = .stalled(index: index + d) }
        out.stalledAt = o.stalledAt.map { $0 + d }
        out.linesOfStep = o.linesOfStep.map { $0.map { $0 + d } }
        out.origin = o.origin + d
        return out
    }
}
