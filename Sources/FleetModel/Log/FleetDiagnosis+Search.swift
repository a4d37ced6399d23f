import Explorer
import FleetCard

extension FleetDiagnosis {
    /// Searches the log's lines `range` from the model's initial states (fresh bindings).
    /// `stop`: raised by Ctrl-C, SIGTERM or a time limit; the search then ends cut short.
    public func run(_ range: Range<Int>? = nil, stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" }) -> Outcome {
        let range = range ?? 0..<log.lines.count
        let lines = Array(log.lines[range].map(\.event))
        let names = FleetLogNames(Array(log.lines[range]))
        var trails: [Trail] = []
        var pending: [Int: [Candidate]] = [:]
        var pendingKeys: [Int: Set<Key>] = [:]
        for s in model.initialStates() {
            let binding = FleetLogBinding(sessions: model.config.sessions.count, tokens: names.tokens.count)
            let key = Key(fingerprint: model.fingerprint(of: s), binding: binding)
            guard pendingKeys[0, default: []].insert(key).inserted else { continue }
            trails.append(Trail(parent: -1, action: nil, position: 0))
            pending[0, default: []].append(Candidate(state: s, binding: binding, trail: Int32(trails.count - 1), world: 0, steps: 0))
        }
        var expanded = 0
        var position = 0
        while let p = pending.keys.min() {
            position = p
            var queue = pending.removeValue(forKey: p) ?? []
            var seen = pendingKeys.removeValue(forKey: p) ?? []
            if p == lines.count, let done = queue.first {
                return outcome(.consistent, trail: done.trail, trails, range: range, candidates: trails.count)
            }
            var wouldLog: [String] = []
            var k = 0
            while k < queue.count {
                let c = queue[k]
                k += 1
                expanded += 1
                if expanded & 1023 == 0, stop?.isRaised == true {
                    return outcome(.cutShort(index: range.lowerBound + p, reason: reason()), trail: c.trail, trails, range: range, candidates: trails.count)
                }
                if trails.count >= options.maxStates || queue.count > options.maxFrontier {
                    let why = trails.count >= options.maxStates
                        ? "more than \(options.maxStates) candidates in all (--max-states)"
                        : "more than \(options.maxFrontier) candidates at one line (--max-frontier)"
                    return outcome(.cutShort(index: range.lowerBound + p, reason: why), trail: c.trail, trails, range: range, candidates: trails.count)
                }
                for action in model.actions(in: c.state) {
                    let world = action.isWorld
                    guard let (next, renaming) = model.stepRenaming(c.state, action) else { continue }
                    let events = model.logEvents(c.state, action, next)
                    if events.isEmpty {
                        guard Int(c.steps) < options.gapSteps, !world || Int(c.world) < options.gapWorldBudget else { continue }
                        var b = c.binding
                        b.follow(renaming)
                        let key = Key(fingerprint: model.fingerprint(of: next), binding: b)
                        guard seen.insert(key).inserted else { continue }
                        trails.append(Trail(parent: c.trail, action: action, position: Int32(p)))
                        queue.append(Candidate(
                            state: next, binding: b, trail: Int32(trails.count - 1), world: c.world + (world ? 1 : 0),
                            steps: c.steps + 1))
                        continue
                    }
                    guard !world || Int(c.world) < options.gapWorldBudget else { continue }
                    var b = c.binding
                    var matched = p + events.count <= lines.count
                    if matched {
                        for (j, e) in events.enumerated() where !b.match(e, lines[p + j], names) {
                            matched = false
                            break
                        }
                    }
                    guard matched else {
                        if wouldLog.count < 64 { wouldLog.append(describe(events, c.binding, names)) }
                        continue
                    }
                    b.follow(renaming)
                    let q = p + events.count
                    let key = Key(fingerprint: model.fingerprint(of: next), binding: b)
                    guard pendingKeys[q, default: []].insert(key).inserted else { continue }
                    trails.append(Trail(parent: c.trail, action: action, position: Int32(q)))
                    pending[q, default: []].append(Candidate(state: next, binding: b, trail: Int32(trails.count - 1), world: 0, steps: 0))
                }
            }
            if pending.isEmpty {
                var result = outcome(.stuck(index: range.lowerBound + p), trail: queue[0].trail, trails, range: range, candidates: trails.count)
                var distinct: [String] = []
                for w in wouldLog where !distinct.contains(w) { distinct.append(w) }
                result.wouldLog = distinct
                result.stuckStates = Array(queue.prefix(3).map(\.state))
                result.stuckCount = queue.count
                return result
            }
        }
        return outcome(.stuck(index: range.lowerBound + position), trail: 0, trails, range: range, candidates: trails.count)
    }

    /// The steps to `trail` from an initial state, with the lines each wrote.
    func outcome(_ ending: Ending, trail: Int32, _ trails: [Trail], range: Range<Int>, candidates: Int) -> Outcome {
        var steps: [FleetSystem.Action] = []
        var linesOfStep: [[Int]] = []
        var t = Int(trail)
        while t >= 0, let action = trails[t].action {
            let parent = Int(trails[t].parent)
            let from = Int(trails[parent].position), to = Int(trails[t].position)
            steps.append(action)
            linesOfStep.append(to > from ? Array((range.lowerBound + from)..<(range.lowerBound + to)) : [])
            t = parent
        }
        return Outcome(
            ending: ending, steps: steps.reversed(), linesOfStep: linesOfStep.reversed(), candidates: candidates,
            wouldLog: [], stuckStates: [], stuckCount: 0, level: options, binding: nil)
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
        var binding = FleetLogBinding(sessions: model.config.sessions.count, tokens: names.tokens.count)
        var p = 0
        for action in steps {
            guard model.actions(in: state).contains(action), let (next, renaming) = model.stepRenaming(state, action) else { return nil }
            for e in model.logEvents(state, action, next) {
                guard p < lines.count, binding.match(e, lines[p], names) else { return nil }
                p += 1
            }
            binding.follow(renaming)
            state = next
        }
        return p == lines.count ? p : nil
    }
}
