extension CIReport {
    /// JUnit XML for a CI test tab: one suite per job, one test case per property (per guard
    /// for a mutant), failing for a violation the baseline does not accept, an accepted finding
    /// that no longer appears, an unreached `sometimes`, a search that was not exhaustive, or a
    /// guard its mutant does not kill. A run whose bound cut is nonzero says so in its test
    /// case's output (the guard's, or a `run` case): a verdict there may be hidden by the bound.
    public var junit: String {
        var lines = ["<?xml version=\"1.0\" encoding=\"UTF-8\"?>"]
        var suites: [String] = []
        var tests = 0, failures = 0
        for job in jobs {
            var cases: [(name: String, failure: String?, out: String?)] = []
            let cut = job.boundCut?.line
            if job.kind == .mutant {
                let killers = job.violated.map(\.name)
                let killed = killers.isEmpty ? nil : "killed by " + killers.joined(separator: ", ")
                    + (job.world.map { " in \($0)" } ?? "")
                cases.append((
                    "guard \(job.guardName ?? "?") killed",
                    killers.isEmpty ? (job.detail ?? "not killed") : nil,
                    [killed, cut].compactMap { $0 }.joined(separator: "\n").nilIfEmpty))
            } else {
                for p in job.properties {
                    var failure: String?
                    var out: String?
                    switch p.verdict {
                    case .violated where p.accepted == true:
                        out = "accepted finding, counterexample in \(p.steps ?? 0) steps" + (p.story.map { ": \($0)" } ?? "")
                    case .violated:
                        failure = "violated in \(p.steps ?? 0) steps, not in the accepted-findings baseline"
                            + (p.story.map { ": \($0)" } ?? "")
                    case .unreached:
                        failure = "never reached: the run is vacuous for it"
                    case .holds:
                        if job.kind == .check, job.exhaustive, baseline.gone.contains(where: {
                            $0.configuration == job.configuration && $0.property == p.name })
                        {
                            failure = "accepted finding no longer appears: remove it from the baseline"
                        }
                    }
                    cases.append((p.name, failure, out))
                }
                if job.status != .pass, let detail = job.detail, !cases.contains(where: { $0.failure != nil }) {
                    cases.append(("run", detail, cut))
                } else if let cut {
                    cases.append(("run", nil, cut))
                }
            }
            let suiteFailures = cases.filter { $0.failure != nil }.count
            tests += cases.count
            failures += suiteFailures
            var suite = ["  <testsuite name=\"\(Self.xml(job.id))\" tests=\"\(cases.count)\" failures=\"\(suiteFailures)\">"]
            for c in cases {
                let head = "    <testcase classname=\"\(Self.xml(job.id))\" name=\"\(Self.xml(c.name))\""
                if c.failure == nil && c.out == nil {
                    suite.append(head + "/>")
                    continue
                }
                suite.append(head + ">")
                if let f = c.failure { suite.append("      <failure message=\"\(Self.xml(f))\"/>") }
                if let o = c.out { suite.append("      <system-out>\(Self.xml(o))</system-out>") }
                suite.append("    </testcase>")
            }
            suite.append("  </testsuite>")
            suites.append(contentsOf: suite)
        }
        lines.append("<testsuites name=\"cardcheck \(Self.xml(profile))\" tests=\"\(tests)\" failures=\"\(failures)\">")
        lines.append(contentsOf: suites)
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
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

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
