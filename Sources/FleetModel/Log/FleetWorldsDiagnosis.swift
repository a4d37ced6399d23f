import Explorer
import FleetCard

/// `diagnose LOG` with no `--config`: the log tried in each of several worlds (configurations)
/// in turn, and for each whether it admits the log or, if not, the first line it cannot write
/// and the model assumption that line breaks (Docs/diagnose.md, "Which world?"). A world whose
/// search was cut short is "not decided", never admitted or refused; after a stop (a signal,
/// the time limit) the worlds left are "not tried".
public struct FleetWorldsDiagnosis {
    /// One world: its name (the configuration file's stem), its file, its model and the search's options there.
    public struct World {
        public var name: String
        public var path: String
        public var model: FleetSystem
        public var options: FleetDiagnosis.Options
        public init(name: String, path: String, model: FleetSystem, options: FleetDiagnosis.Options) {
            self.name = name
            self.path = path
            self.model = model
            self.options = options
        }
    }

    /// What one world said.
    public enum Finding: Equatable, Sendable {
        /// One behaviour of the world writes every line (with `breaking`: and breaks the property).
        case admits
        /// The first line (1-based) no behaviour of the world writes after the lines before it,
        /// and why: the assumption it breaks, or what the world would log there instead.
        case refused(line: Int, why: String)
        /// Each episode is written by a behaviour of its own, but no one behaviour writes them:
        /// the one carried from the first line breaks at this line.
        case notOneBehaviour(line: Int)
        /// `breaking`: consistent, but no behaviour within the gap bounds that writes it breaks the property.
        case keeps(property: String)
        /// The world's search was cut short (`--max-states`, the time limit, a signal).
        case notDecided(reason: String)
        /// Not searched: the run was stopped before this world.
        case notTried(reason: String)
    }

    /// How the whole run came out (the command's exit code follows it).
    public enum Verdict: Equatable, Sendable {
        /// At least one world admits the log.
        case admitted
        /// Every world was decided, and none admits it.
        case refused
        /// No world tried admits it, and some were not decided or not tried.
        case notDecided
        /// No line of a kind the model knows: no world was tried.
        case noEvidence
    }

    public var findings: [(world: World, finding: Finding)]
    public var verdict: Verdict
    public var lines: [String]

    /// Tries `log` (named `path`) in each of `worlds`, in order, each with its options.
    /// `progress` hears one line as each world begins.
    public static func make(
        _ worlds: [World], _ log: FleetLog, path: String,
        stop: StopSignal? = nil, reason: @escaping () -> String = { "stopped" }, progress: ((String) -> Void)? = nil,
        search: ((_ line: Int, _ candidates: Int) -> Void)? = nil, heartbeat: ((_ line: Int, _ candidates: Int) -> Void)? = nil
    ) -> FleetWorldsDiagnosis {
        var text = ["\(path): \(log.lines.count) line(s) read; no --config: the log is tried in \(worlds.count) committed world(s), cheapest first (--config Models/NAME.json for one world's whole report)"]
        if log.lines.isEmpty {
            text.append("result: no evidence (no line of a kind the model knows: nothing to check, no world tried)")
            return FleetWorldsDiagnosis(findings: [], verdict: .noEvidence, lines: text)
        }
        if let first = worlds.first {
            let o = first.options
            text.append("the log is read as " + (o.window ? "a window (its first line may be written from any state the world reaches)" : "whole (--from-start)")
                + "; between two lines up to \(o.gapSteps) unlogged steps (a refusal holds within the gap bounds it names)")
            if let name = o.breaking { text.append("asked: a behaviour that writes every line and breaks \(name) (--breaking)") }
            if let kinds = o.events {
                text.append("the build wrote: \(FleetFileLogEvent.kinds.filter { kinds.contains($0) }.joined(separator: ", ")) (--events)")
            }
        }
        if !log.skipped.isEmpty {
            text.append("skipped \(log.skipped.reduce(0) { $0 + $1.count }) line(s) of unknown event kinds: "
                + log.skipped.map { "\"\(StrictJSON.shortened($0.kind))\" ×\($0.count) (first at line \($0.firstLine))" }.joined(separator: ", "))
        }
        var findings: [(world: World, finding: Finding)] = []
        for (k, world) in worlds.enumerated() {
            let head = "world \(k + 1) of \(worlds.count), \(world.name) (\(world.path))"
            if stop?.isRaised == true {
                findings.append((world, .notTried(reason: reason())))
                text.append("\(head): not tried (\(reason()))")
                continue
            }
            progress?("trying \(head)")
            let o = world.options
            let finding = judge(world.model, log, path: path, options: o, stop: stop, reason: reason, search: search, heartbeat: heartbeat)
            findings.append((world, finding))
            switch finding {
            case .admits:
                text.append("\(head): admits the log" + (o.breaking.map { ", with a behaviour breaking \($0)" } ?? " (one behaviour writes every line)"))
            case .refused(let line, let why):
                let said = log.lines.first { $0.number == line }.map { FleetDiagnosis.untimed($0.event) } ?? ""
                text.append("\(head): refused at line \(line): \(StrictJSON.shortened(said, limit: 160))")
                // A broken assumption holds whatever the bounds; a search's refusal only within them.
                text.append("  " + (why.hasPrefix("breaks: ") ? why : "\(why) (gaps of up to \(o.gapSteps) unlogged steps, \(o.gapWorldBudget) of them world actions)"))
            case .notOneBehaviour(let line):
                text.append("\(head): refused: NOT one behaviour (each episode is consistent on its own, but the behaviour carried from the first line breaks at line \(line))")
            case .keeps(let property):
                text.append("\(head): consistent, but no behaviour within the gap bounds that writes it breaks \(property)")
            case .notDecided(let why):
                text.append("\(head): not decided (search cut short: \(why))")
            case .notTried(let why):
                text.append("\(head): not tried (\(why))")
            }
        }
        text += FleetLogRule.lines(log)
        let admitting = findings.filter { $0.finding == .admits }.map(\.world.name)
        let open = findings.filter {
            switch $0.finding {
            case .notDecided, .notTried: true
            default: false
            }
        }
        let notDecided = open.filter { if case .notDecided = $0.finding { true } else { false } }.count
        let notTried = open.count - notDecided
        let refused = findings.count - admitting.count - open.count
        var counts = ["\(refused) refused"]
        if notDecided > 0 { counts.append("\(notDecided) not decided") }
        if notTried > 0 { counts.append("\(notTried) not tried") }
        let verdict: Verdict
        if !admitting.isEmpty {
            verdict = .admitted
            text.append("result: admitted by \(admitting.count) of \(worlds.count) world(s): \(admitting.joined(separator: ", ")) (\(counts.joined(separator: ", ")))")
        } else if open.isEmpty {
            verdict = .refused
            text.append("result: no world admits the log (\(refused) of \(worlds.count) refused; each world's first breaking line above)")
        } else {
            verdict = .notDecided
            text.append("result: NOT decided: no world tried admits the log (\(counts.joined(separator: ", ")) of \(worlds.count))")
        }
        return FleetWorldsDiagnosis(findings: findings, verdict: verdict, lines: text)
    }

    /// One world's answer. A line no behaviour of the world writes (`FleetWorldAssumption`) ends
    /// the search there: only the lines before it are searched, to find the first line the
    /// world cannot write (that one, or an earlier one).
    static func judge(
        _ model: FleetSystem, _ log: FleetLog, path: String, options: FleetDiagnosis.Options, stop: StopSignal?,
        reason: @escaping () -> String, search: ((_ line: Int, _ candidates: Int) -> Void)?,
        heartbeat: ((_ line: Int, _ candidates: Int) -> Void)?
    ) -> Finding {
        var searched = log
        var options = options
        let impossible = FleetWorldAssumption.firstImpossible(model.config, log)
        if let impossible {
            if impossible.index == 0 { return .refused(line: log.lines[0].number, why: "breaks: \(impossible.assumption)") }
            // Only where the first line breaks is asked: a plain search of the lines before it.
            searched.lines = Array(log.lines[..<impossible.index])
            options.breaking = nil
        }
        let report = FleetDiagnosisReport.make(
            model, searched, path: path, options: options, stop: stop, reason: reason, progress: search, heartbeat: heartbeat)
        switch report.verdict {
        case .consistent, .unbroken:
            if let impossible { return .refused(line: log.lines[impossible.index].number, why: "breaks: \(impossible.assumption)") }
            if case .unbroken(let property) = report.verdict { return .keeps(property: property) }
            return .admits
        case .inconsistent(let line):
            guard let index = log.lines.firstIndex(where: { $0.number == line }) else { return .refused(line: line, why: "") }
            if let why = FleetWorldAssumption.broken(model.config, log, at: index) { return .refused(line: line, why: "breaks: \(why)") }
            let stuck = report.outcomes.first { $0.ending == .stuck(index: index) }
            let instead = stuck?.wouldLog ?? []
            let why = instead.isEmpty
                ? "no behaviour of this world writes it after the lines before it, and it would log nothing more there within the gap bounds"
                : "no behaviour of this world writes it after the lines before it; it would log instead: "
                    + instead.prefix(3).joined(separator: "; ") + (instead.count > 3 ? "; ... \(instead.count - 3) more" : "")
            return .refused(line: line, why: why)
        case .pieces(let line): return .notOneBehaviour(line: line)
        case .cutShort(let why): return .notDecided(reason: why)
        case .noEvidence: return .notDecided(reason: "no line searched")
        }
    }
}
