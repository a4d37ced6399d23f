import Explorer
import FleetCard

extension FleetDiagnosis {
    /// Searches the log's lines `range` from the model's initial states (fresh bindings), line
    /// by line: the candidates at a position are expanded through their hops (`hops`) onto the
    /// lines that follow, and deduplicated there. `stop`: raised by Ctrl-C, SIGTERM or a time
    /// limit; the search then ends cut short. `progress` is called every 1,024 lines.
    public func run(
        _ range: Range<Int>? = nil, stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" },
        progress: ((_ line: Int, _ candidates: Int) -> Void)? = nil
    ) -> Outcome {
        run(range, gaps: Gaps(), stop: stop, reason: reason, progress: progress)
    }

    func run(
        _ range: Range<Int>?, gaps: Gaps, stop: StopSignal?, reason: @escaping () -> String,
        progress: ((_ line: Int, _ candidates: Int) -> Void)?
    ) -> Outcome {
        let range = range ?? 0..<log.lines.count
        let lines = Array(log.lines[range].map(\.event))
        let keys = lines.map { Self.lineKey($0) }
        let names = FleetLogNames(Array(log.lines[range]))
        var trails: [Trail] = []
        // Candidates by position ahead of the one searched (a hop writes one line or a few).
        var pending: [[Candidate]] = Array(repeating: [], count: lines.count + 1)
        var pendingKeys: [Set<Key>] = Array(repeating: [], count: lines.count + 1)
        for s in model.initialStates() {
            let fp = model.fingerprint(of: s)
            let candidate = Candidate(
                state: s, fingerprint: fp, vetoLogged: 0, binding: FleetLogBinding(sessions: model.config.sessions.count),
                trail: Int32(trails.count))
            guard pendingKeys[0].insert(Key(fingerprint: fp, vetoLogged: 0, binding: candidate.binding)).inserted else { continue }
            trails.append(Trail(parent: -1, path: [], position: 0))
            pending[0].append(candidate)
        }
        var expanded = 0
        for p in 0..<lines.count {
            let queue = pending[p]
            pending[p] = []
            pendingKeys[p] = []
            if p & 1023 == 0 { progress?(range.lowerBound + p, queue.count) }
            if queue.isEmpty { continue }
            var advanced = false
            for c in queue {
                expanded += 1
                if expanded & 255 == 0, stop?.isRaised == true {
                    return outcome(.cutShort(index: range.lowerBound + p, reason: reason()), trail: c.trail, trails, range: range)
                }
                if trails.count >= options.maxStates || queue.count > options.maxFrontier {
                    let why = trails.count >= options.maxStates
                        ? "more than \(options.maxStates) candidates in all (--max-states)"
                        : "more than \(options.maxFrontier) candidates at one line"
                    return outcome(.cutShort(index: range.lowerBound + p, reason: why), trail: c.trail, trails, range: range)
                }
                let buckets = hops(c.state, c.fingerprint, vetoLogged: c.vetoLogged, gaps)
                guard let tried = buckets[keys[p]] else { continue }
                for hop in tried where p + hop.events.count <= lines.count {
                    var b = c.binding
                    b.follow(hop.toLogged)
                    var matched = true
                    for (j, e) in hop.events.enumerated() where !b.match(e, lines[p + j], at: p + j, names) {
                        matched = false
                        break
                    }
                    guard matched else { continue }
                    b.follow(hop.across)
                    let q = p + hop.events.count
                    guard pendingKeys[q].insert(Key(fingerprint: hop.nextFingerprint, vetoLogged: hop.vetoLogged, binding: b)).inserted
                    else { continue }
                    advanced = true
                    trails.append(Trail(parent: c.trail, path: hop.path, position: Int32(q)))
                    pending[q].append(Candidate(
                        state: hop.next, fingerprint: hop.nextFingerprint, vetoLogged: hop.vetoLogged, binding: b,
                        trail: Int32(trails.count - 1)))
                }
            }
            if !advanced && (p + 1...lines.count).allSatisfy({ pending[$0].isEmpty }) {
                return stuck(at: p, queue, trails, range: range, gaps: gaps, names: names)
            }
        }
        guard let done = pending[lines.count].first else {
            return outcome(.stuck(index: range.lowerBound + max(0, lines.count - 1)), trail: 0, trails, range: range)
        }
        return outcome(.consistent, trail: done.trail, trails, range: range)
    }

    /// No candidate at position `p` writes the line there: the longest prefix (one behaviour),
    /// what the candidates would log instead, and a few of their states.
    func stuck(
        at p: Int, _ queue: [Candidate], _ trails: [Trail], range: Range<Int>, gaps: Gaps, names: FleetLogNames
    ) -> Outcome {
        var result = outcome(.stuck(index: range.lowerBound + p), trail: queue[0].trail, trails, range: range)
        var distinct: [String] = []
        for c in queue where distinct.count < 64 {
            let buckets = hops(c.state, c.fingerprint, vetoLogged: c.vetoLogged, gaps)
            for key in buckets.keys.sorted() {
                for hop in buckets[key] ?? [] where distinct.count < 64 {
                    var b = c.binding
                    b.follow(hop.toLogged)
                    let w = describe(hop.events, b, names)
                    if !distinct.contains(w) { distinct.append(w) }
                }
            }
        }
        result.wouldLog = distinct
        result.stuckStates = Array(queue.prefix(3).map(\.state))
        result.stuckCount = queue.count
        return result
    }

    /// The steps to `trail` from an initial state, with the lines each wrote.
    func outcome(_ ending: Ending, trail: Int32, _ trails: [Trail], range: Range<Int>) -> Outcome {
        var steps: [FleetSystem.Action] = []
        var linesOfStep: [[Int]] = []
        var t = Int(trail)
        var hops: [Int] = []
        while t >= 0, trails[t].parent >= 0 {
            hops.append(t)
            t = Int(trails[t].parent)
        }
        for h in hops.reversed() {
            let trail = trails[h]
            let from = Int(trails[Int(trail.parent)].position), to = Int(trail.position)
            for (k, a) in trail.path.enumerated() {
                steps.append(a)
                linesOfStep.append(k == trail.path.count - 1 ? Array((range.lowerBound + from)..<(range.lowerBound + to)) : [])
            }
        }
        return Outcome(
            ending: ending, steps: steps, linesOfStep: linesOfStep, candidates: trails.count,
            wouldLog: [], stuckStates: [], stuckCount: 0, origin: range.lowerBound, level: options, binding: nil)
    }

    /// What a step would have logged, as JSON lines without their time, named through `binding`
    /// where it binds (`s2?`, `token 3?` where it does not yet).
    func describe(_ events: [FleetModelLogEvent], _ binding: FleetLogBinding, _ names: FleetLogNames) -> String {
        events.compactMap { e in
            e.renamed({ k in binding.sid(of: k).map { names.sids[$0] } ?? "s\(k + 1)?" }) { t in
                binding.token(of: t).map { names.tokens[$0] } ?? "token \(t)?"
            }.map { Self.untimed($0) }
        }.joined(separator: " then ")
    }

    /// A line's text without its `t` field.
    static func untimed(_ e: FleetFileLogEvent) -> String {
        let text = FleetLogFile.text(e, time: 0)
        let cut = "{\"t\":\"\(FleetLogFile.timestamp(0))\","
        return text.hasPrefix(cut) ? "{" + text.dropFirst(cut.count) : text
    }
}

extension FleetDiagnosis {
    /// Whether the log of `steps` (from the first initial state) is exactly the log's lines
    /// `range`, under one binding built as the lines come: the number of lines it matched, or
    /// nil at the first line it does not (a disabled step, a different event, a line too many
    /// or too few). Independent of the search: it checks a witness the search returned.
    public func projection(of steps: [FleetSystem.Action], matches range: Range<Int>? = nil) -> Int? {
        let range = range ?? 0..<log.lines.count
        let lines = Array(log.lines[range].map(\.event))
        let names = FleetLogNames(Array(log.lines[range]))
        guard var state = model.initialStates().first else { return nil }
        var binding = FleetLogBinding(sessions: model.config.sessions.count)
        var vetoLogged: UInt8 = 0
        var p = 0
        for action in steps {
            guard model.actions(in: state).contains(action), let (next, renaming) = model.stepRenaming(state, action) else { return nil }
            for e in model.logEvents(state, action, next, vetoLogged: &vetoLogged) {
                guard p < lines.count, binding.match(e, lines[p], at: p, names) else { return nil }
                p += 1
            }
            binding.follow(Self.compact(renaming))
            state = next
        }
        return p == lines.count ? p : nil
    }
}
