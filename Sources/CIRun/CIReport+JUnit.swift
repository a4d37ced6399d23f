import Foundation

extension CIReport {
    /// The lines of a counterexample's story a failing test case shows before its link.
    public static let junitStoryLines = 20

    /// JUnit XML for a CI test tab (valid against Jenkins' `junit-10.xsd`, `Schemas/`): one suite
    /// per job, one test case per property (per guard for a mutant), failing for a violation the
    /// baseline does not accept, an accepted finding that no longer appears, an unreached
    /// `sometimes`, a search that was not exhaustive, or a guard its mutant does not kill; then a
    /// `shards` suite, one case per shard, failing for a shard with no report or one cut short.
    /// A failure carries a type, a message and a body: the counterexample's first lines (from
    /// `story`, given a story's path in the report) and its link (`storyBase` + path).
    /// A run whose bound cut is nonzero says so in its test case's output (the guard's, or a
    /// `run` case): a verdict there may be hidden by the bound. Times are the jobs' CPU seconds.
    public func junit(storyBase: String = "", story: (String) -> [String] = { _ in [] }) -> String {
        var suites: [JUnitSuite] = jobs.map { job in
            JUnitSuite(name: job.id, milliseconds: cpuMilliseconds(of: job.id), cases: cases(of: job, storyBase, story))
        }
        suites.append(JUnitSuite(name: "shards", milliseconds: 0, cases: shardCases()))
        let tests = suites.map(\.cases.count).reduce(0, +), failures = suites.map(\.failures).reduce(0, +)
        let time = Self.seconds(suites.map(\.milliseconds).reduce(0, +))
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        lines.append("<testsuites name=\"cardcheck \(Self.xml(profile))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" time=\"\(time)\">")
        for suite in suites { lines.append(contentsOf: suite.lines) }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The CPU time recorded for job `id`: its own unit, or the sum of its parts'.
    func cpuMilliseconds(of id: String) -> Int {
        (cpuMilliseconds ?? [:]).filter { $0.key == id || $0.key.hasPrefix(id + " part ") }.values.reduce(0, +)
    }

    private func cases(of job: JobReport, _ storyBase: String, _ story: (String) -> [String]) -> [JUnitCase] {
        var cases: [JUnitCase] = []
        let cut = job.boundCut?.line
        func body(_ p: PropertyReport) -> String? {
            guard let path = p.story else { return nil }
            return (story(path).prefix(Self.junitStoryLines) + ["", "story: " + storyBase + path]).joined(separator: "\n")
        }
        if job.kind == .mutant {
            let killers = job.violated.map(\.name)
            let killed = killers.isEmpty ? nil : "killed by " + killers.joined(separator: ", ") + (job.world.map { " in \($0)" } ?? "")
            let failure = killers.isEmpty ? JUnitFailure(type: "guard-not-killed", message: job.detail ?? "not killed", body: nil) : nil
            cases.append(JUnitCase(
                name: "guard \(job.guardName ?? "?") killed", failure: failure,
                out: [killed, cut].compactMap { $0 }.joined(separator: "\n").nilIfEmpty))
            return cases
        }
        for p in job.properties {
            var failure: JUnitFailure?
            var out: String?
            let story = p.story.map { ": \(storyBase)\($0)" } ?? ""
            switch p.verdict {
            case .violated where p.accepted == true:
                out = "accepted finding, counterexample in \(p.steps ?? 0) steps" + story
            case .violated where !job.complete:
                // Not judged until every part is in: the `run` case fails for the missing parts.
                out = "violated in \(p.steps ?? 0) steps in the parts run so far" + story
            case .violated:
                failure = JUnitFailure(
                    type: "new-finding",
                    message: "violated in \(p.steps ?? 0) steps, not in the accepted-findings baseline" + story, body: body(p))
            case .unreached:
                failure = JUnitFailure(type: "unreached", message: "never reached: the run is vacuous for it", body: nil)
            case .holds:
                if job.kind == .check, job.exhaustive,
                    baseline.gone.contains(where: { $0.configuration == job.configuration && $0.property == p.name })
                {
                    failure = JUnitFailure(
                        type: "gone-finding", message: "accepted finding no longer appears: remove it from the baseline", body: nil)
                }
            }
            cases.append(JUnitCase(name: p.name, failure: failure, out: out))
        }
        if job.status == .fail, let detail = job.detail, !cases.contains(where: { $0.failure != nil }) {
            let type = job.complete ? "not-exhaustive" : "missing-part"
            cases.append(JUnitCase(name: "run", failure: JUnitFailure(type: type, message: detail, body: nil), out: cut))
        } else if let cut {
            cases.append(JUnitCase(name: "run", failure: nil, out: cut))
        }
        return cases
    }

    /// One case per shard of the plan: missing, cut short, or whole.
    private func shardCases() -> [JUnitCase] {
        let all = (shards + missingShards).sorted { Self.shardIndex($0) < Self.shardIndex($1) }
        return all.map { shard in
            if missingShards.contains(shard) {
                return JUnitCase(name: "shard \(shard)", failure: JUnitFailure(
                    type: "missing-shard", message: "no report for shard \(shard): its jobs did not run or it crashed", body: nil), out: nil)
            }
            if let stop = (cutShort ?? []).first(where: { $0.shard == shard }) {
                return JUnitCase(name: "shard \(shard)", failure: JUnitFailure(
                    type: "cut-short", message: "shard \(shard) was cut short: \(stop.reason)", body: nil), out: nil)
            }
            return JUnitCase(name: "shard \(shard)", failure: nil, out: nil)
        }
    }

    /// Milliseconds as JUnit's seconds, `12.345`.
    static func seconds(_ milliseconds: Int) -> String {
        "\(milliseconds / 1000)." + String(String(1000 + milliseconds % 1000).dropFirst())
    }

    /// Text escaped for an XML attribute or element.
    static func xml(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            // Control characters other than tab and newline are not allowed in XML 1.0.
            case _ where c.value < 0x20 && c != "\t" && c != "\n": out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}

/// A failing test case's `<failure>`: what kind of failure, one line, and the detail.
struct JUnitFailure {
    var type: String
    var message: String
    var body: String?
}

struct JUnitCase {
    var name: String
    var failure: JUnitFailure?
    var out: String?
}

struct JUnitSuite {
    var name: String
    var milliseconds: Int
    var cases: [JUnitCase]

    var failures: Int { cases.filter { $0.failure != nil }.count }

    var lines: [String] {
        let name = CIReport.xml(self.name)
        var lines = ["  <testsuite name=\"\(name)\" tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"0\" "
            + "skipped=\"0\" time=\"\(CIReport.seconds(milliseconds))\">"]
        for c in cases {
            let head = "    <testcase classname=\"\(name)\" name=\"\(CIReport.xml(c.name))\""
            guard c.failure != nil || c.out != nil else {
                lines.append(head + "/>")
                continue
            }
            lines.append(head + ">")
            if let f = c.failure {
                let open = "      <failure type=\"\(CIReport.xml(f.type))\" message=\"\(CIReport.xml(f.message))\""
                lines.append(f.body.map { open + ">" + CIReport.xml($0) + "</failure>" } ?? open + "/>")
            }
            if let o = c.out { lines.append("      <system-out>\(CIReport.xml(o))</system-out>") }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        return lines
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
