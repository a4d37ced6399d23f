import Explorer
import FleetCard

extension FleetDiagnosisReport {
    /// The witness (or the longest prefix), told as a story with each step's log lines, the
    /// properties it breaks on the way, and for a stuck search what the model would log instead.
    static func body(_ diagnosis: FleetDiagnosis, _ outcome: FleetDiagnosis.Outcome, _ log: FleetLog) -> [String] {
        let model = diagnosis.model
        var out: [String] = []
        var steps = outcome.steps, linesOfStep = outcome.linesOfStep
        switch outcome.ending {
        case .consistent:
            let settle = settling(model, steps)
            steps += settle.steps
            linesOfStep += settle.steps.map { _ in [] }
            out.append(TraceReport.widestGap(outcome, model))
            out.append("witness: a behaviour of \(steps.count) steps whose server log is exactly these lines (story below; [log N] = the line the step wrote)")
            if !settle.steps.isEmpty || settle.settles {
                out.append("  after the last line the system settles in \(settle.steps.count) unlogged system step(s)" + (settle.settles ? "" : " and then would log more (the log ends first)"))
            }
        case .stuck(let index):
            let line = log.lines[index]
            out.append(TraceReport.stuck(outcome, at: index, log, window: diagnosis.options.window))
            out.append("  line \(line.number) says: \(FleetDiagnosis.untimed(line.event))")
            if let why = FleetWorldAssumption.broken(model.config, log, at: index) {
                out.append("  it breaks an assumption of this configuration: \(why)")
            }
            if let why = outcome.proof {
                out.append("  \(why) (the servers' view, the phones free)")
            } else if let why = outcome.refusal {
                // Known from the lines alone: no search ran past the line before it.
                out.append("  \(why): the search read only the lines before it")
            } else {
                out += TraceReport.wouldLog(outcome)
                out += TraceReport.candidates(outcome) { describe(model, $0) }
                out += TraceReport.bounds(outcome)
            }
            out.append("longest prefix, one behaviour of \(steps.count) steps:")
        case .unbroken(let name):
            let settle = settling(model, steps)
            steps += settle.steps
            linesOfStep += settle.steps.map { _ in [] }
            out.append("no behaviour within the gap bounds writes these lines and breaks \(name); the first that writes them (\(steps.count) steps, story below) keeps it")
            out += TraceReport.bounds(outcome)
        case .stalled, .cutShort:
            out += TraceReport.notDecided(outcome, log)
        }
        if case .stuck(let index) = outcome.ending, index <= outcome.origin {
            // Stuck at the first line it read: no window opened, no behaviour started.
        } else if let w = outcome.beforeWindow {
            out += opening(model, steps, w, outcome.origin, log)
        } else if outcome.origin > 0, outcome.origin < log.lines.count {
            out.append("  (this behaviour starts from the model's initial states at line \(log.lines[outcome.origin].number))")
        }
        // A day's log makes a witness of many thousand steps: the story tells its first ones.
        let told = Array(steps.prefix(storyLimit))
        let story = FleetStory(model: model, steps: told, property: "")
        if told.count < steps.count {
            out.append("  (the story below tells the first \(told.count) of the \(steps.count) steps)")
        }
        for l in story.lines {
            let logged = linesOfStep[l.number - 1].map { "\(log.lines[$0].number)" }
            let early = outcome.beforeWindow.map { l.number <= $0 } ?? false
            var text = "  \(l.number). " + (early ? "(before the window) " : "")
                + (logged.isEmpty ? "" : "[log \(logged.joined(separator: ", "))] ") + "\(l.actor) — \(l.action)."
            if !l.changes.isEmpty { text += " " + l.changes.joined(separator: "; ") + "." }
            out.append(text)
            for g in l.guards { out.append("     guard: \(g)") }
        }
        out += broken(model, steps, linesOfStep, log)
        return out
    }

    /// Where a window opened: how many steps the configuration took to reach the state that
    /// writes its first line (their lines are before the window), and that state.
    static func opening(_ model: FleetSystem, _ steps: [FleetSystem.Action], _ before: Int, _ origin: Int, _ log: FleetLog) -> [String] {
        guard var s = model.initialStates().first, origin < log.lines.count else { return [] }
        for a in steps.prefix(before) {
            guard let next = model.next(s, a) else { return [] }
            s = next
        }
        let line = log.lines[origin].number
        let reached = before == 0 ? "the model's initial state" : "a state the configuration reaches in \(before) step(s) from its initial states (their lines, if any, are before the window)"
        return ["  the window opens at line \(line) on \(reached): " + describe(model, s)]
    }

    /// The steps a report tells as a story at most.
    static let storyLimit = 400

    /// Every property (not a reachability goal) the steps break, at the first step it breaks.
    static func broken(_ model: FleetSystem, _ steps: [FleetSystem.Action], _ linesOfStep: [[Int]], _ log: FleetLog) -> [String] {
        TraceReport.broken(model, steps, linesOfStep, log) { name in
            let cause = name.contains(":") ? String(name.split(separator: ":").last ?? "") : ""
            return FleetStory.causeMeaning[cause] ?? FleetStory.classMeaning[FleetSystem.propertyClass(name)]
        }
    }

    /// After the log's last line: unlogged system steps (the first enabled in action order that
    /// changes the state) until the system is quiescent, at most 64; whether it got there.
    static func settling(_ model: FleetSystem, _ steps: [FleetSystem.Action]) -> (steps: [FleetSystem.Action], settles: Bool) {
        guard var s = model.initialStates().first else { return ([], false) }
        var vetoLogged: UInt8 = 0
        for a in steps {
            guard let next = model.next(s, a) else { return ([], false) }
            _ = model.logEvents(s, a, next, vetoLogged: &vetoLogged)
            s = next
        }
        var out: [FleetSystem.Action] = []
        while out.count < 64 {
            if model.isQuiescent(s) { return (out, true) }
            let step = model.actions(in: s).lazy.filter { !$0.isWorld }.compactMap { a -> (FleetSystem.Action, FleetState, UInt8)? in
                var bit = vetoLogged
                guard let next = model.next(s, a), next != s, model.logEvents(s, a, next, vetoLogged: &bit).isEmpty else { return nil }
                return (a, next, bit)
            }.first
            guard let (a, next, bit) = step else { return (out, false) }
            out.append(a)
            s = next
            vetoLogged = bit
        }
        return (out, false)
    }

    /// A candidate state in one line: the host-0 server's memory and veto, each phone's cards and app.
    static func describe(_ model: FleetSystem, _ s: FleetState) -> String {
        let server = s.servers[0]
        let memory: String
        switch server.memory {
        case .none: memory = "no card"
        case .adopted: memory = "a card adopted without content"
        case .card(let c): memory = "a card [\(FleetStory.describe(c))]"
        }
        var parts = ["server: \(memory)" + (server.vetoMask.map { " veto {\(FleetLogic.sids($0).joined(separator: ","))}" } ?? "")]
        for d in s.devices.indices {
            let dev = s.devices[d]
            parts.append("phone\(d + 1): app \(dev.app.rawValue), \(dev.cards.count) card(s)")
        }
        if s.registries.count > 0 {
            let r = s.registries[0]
            parts.append("host 0's store: \(r.pushToStart.count) push-to-start, \(r.update.count) update token(s)")
        }
        parts.append("\(s.pushes.count) push(es), \(s.posts.count) POST(s) in flight")
        return parts.joined(separator: "; ")
    }
}
