import Foundation
import Testing

/// What a security review of the workflows asks, each as a rule a new workflow cannot break:
/// every action pinned to the full commit SHA `.github/action-pins.txt` lists (its version in a
/// comment), no permission by default and the least per job, no checkout that keeps the token.
/// zizmor (LintTests) audits the same and more; these name the rule and the line.
@Suite struct ActionPinTests {
    static let pinsPath = ".github/action-pins.txt"

    struct Pin: Equatable {
        /// nil: no SHA could be verified yet, the `uses:` names `version` (and says why in a zizmor ignore).
        let sha: String?
        let version: String
    }

    static func isFullSHA(_ text: some StringProtocol) -> Bool {
        text.count == 40 && text.allSatisfy { "0123456789abcdef".contains($0) }
    }

    /// The pins file: `OWNER/REPO SHA VERSION` a line (`-` for no SHA yet), `#` comments.
    static func pins(_ text: String) throws -> [String: Pin] {
        var pins: [String: Pin] = [:]
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.isEmpty || fields[0].hasPrefix("#") { continue }
            try #require(fields.count == 3, "\(pinsPath):\(index + 1): expected OWNER/REPO SHA VERSION")
            try #require(fields[1] == "-" || isFullSHA(fields[1]), "\(pinsPath):\(index + 1): not a full SHA")
            try #require(pins[String(fields[0])] == nil, "\(pinsPath):\(index + 1): \(fields[0]) listed twice")
            pins[String(fields[0])] = Pin(sha: fields[1] == "-" ? nil : String(fields[1]), version: String(fields[2]))
        }
        return pins
    }

    /// The `uses:` lines of a workflow: (line number, what it uses, the rest of the line).
    static func uses(_ text: String) -> [(line: Int, reference: String, rest: String)] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            var body = line.drop { $0 == " " }
            if body.hasPrefix("- ") { body = body.dropFirst(2).drop { $0 == " " } }
            guard body.hasPrefix("uses:") else { return nil }
            let value = body.dropFirst("uses:".count).drop { $0 == " " }
            let reference = value.prefix { $0 != " " }
            return (index + 1, String(reference), value.dropFirst(reference.count).trimmingCharacters(in: .whitespaces))
        }
    }

    /// What breaks the pinning rule in `text`, one line per `uses:` (none when all hold).
    static func pinProblems(in text: String, file: String, pins: [String: Pin]) -> [String] {
        uses(text).compactMap { line, reference, rest in
            let at = "\(file):\(line): \(reference)"
            let parts = reference.split(separator: "@", maxSplits: 1)
            let path = parts[0].split(separator: "/")
            guard parts.count == 2, path.count >= 2, !reference.hasPrefix("./"), !reference.hasPrefix("docker:") else {
                return "\(at): not OWNER/REPO[/PATH]@REF"
            }
            guard let pin = pins["\(path[0])/\(path[1])"] else { return "\(at): \(path[0])/\(path[1]) is not in \(pinsPath)" }
            let ref = String(parts[1])
            if let sha = pin.sha {
                if ref != sha { return "\(at): not pinned to \(sha) (\(pin.version)), as \(pinsPath) lists" }
                if rest != "# \(pin.version)" { return "\(at): the comment after it must be \"# \(pin.version)\"" }
            } else {
                if ref != pin.version { return "\(at): \(pinsPath) lists \(pin.version) (no SHA yet)" }
                let ignore = "# zizmor: ignore[unpinned-uses]"
                if !rest.hasPrefix(ignore) || rest.dropFirst(ignore.count).trimmingCharacters(in: .whitespaces).isEmpty {
                    return "\(at): unpinned, so it says why: \"\(ignore) <reason>\""
                }
            }
            return nil
        }
    }

    /// Each job's lines, by name (from `  name:` under `jobs:` to the next job).
    static func jobs(_ text: String) -> [(name: String, lines: [String])] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: "jobs:") else { return [] }
        var jobs: [(name: String, lines: [String])] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("  "), !line.hasPrefix("   "), line.hasSuffix(":") {
                jobs.append((String(line.dropFirst(2).dropLast()), []))
            } else if !jobs.isEmpty {
                jobs[jobs.count - 1].lines.append(line)
            }
        }
        return jobs
    }

    /// What breaks the token rules in `text`: a default other than `permissions: {}`, a job
    /// without its own `permissions:`, a grant past `contents: read` but `checks: write` for a
    /// job that publishes a test report, a checkout without `persist-credentials: false`.
    static func tokenProblems(in text: String, file: String) -> [String] {
        var problems: [String] = []
        if !text.contains("\npermissions: {}\n") { problems.append("\(file): the workflow's permissions are not {} (none by default)") }
        for (name, lines) in jobs(text) {
            guard let start = lines.firstIndex(of: "    permissions:") else {
                problems.append("\(file): job \(name) names no permissions:")
                continue
            }
            let grants = lines[(start + 1)...].prefix { $0.hasPrefix("      ") && !$0.hasPrefix("      -") }
                .map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }
            let reports = lines.contains { $0.contains("uses: dorny/test-reporter@") }
            for grant in grants where grant != "contents: read" && !(grant == "checks: write" && reports) {
                problems.append("\(file): job \(name) is granted \(grant)")
            }
            for (index, line) in lines.enumerated() where line.contains("uses: actions/checkout@") {
                let step = lines[(index + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("- ") }
                if !step.contains(where: { $0.trimmingCharacters(in: .whitespaces) == "persist-credentials: false" }) {
                    problems.append("\(file): job \(name) checks out with the token kept (persist-credentials)")
                }
            }
        }
        return problems
    }

    @Test("every uses: in both workflows is pinned to the SHA .github/action-pins.txt lists, with its version in a comment")
    func pinned() throws {
        let pins = try Self.pins(String(contentsOfFile: Self.pinsPath, encoding: .utf8))
        var used: Set<String> = []
        for path in LintTests.workflows {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let uses = Self.uses(text)
            // Every `uses:` is seen: as many as the text has.
            #expect(uses.count == text.components(separatedBy: "uses:").count - 1, "\(path)")
            #expect(Self.pinProblems(in: text, file: path, pins: pins) == [])
            for use in uses {
                let path = use.reference.split(separator: "@")[0].split(separator: "/")
                if path.count >= 2 { used.insert("\(path[0])/\(path[1])") }
            }
        }
        // A pin no workflow uses is stale.
        #expect(Set(pins.keys) == used)
    }

    @Test("a tag where a SHA is listed, a SHA one digit off, a wrong or missing version, an unlisted action, an unpinned one without a reason: each is named")
    func pinProblemsNamed() throws {
        let pins = try Self.pins(String(contentsOfFile: Self.pinsPath, encoding: .utf8))
        let text = try String(contentsOfFile: LintTests.workflows[0], encoding: .utf8)
        let checkout = try #require(pins["actions/checkout"]?.sha)
        let broken = [
            text.replacingOccurrences(of: "actions/checkout@\(checkout) # v7.0.1", with: "actions/checkout@v7.0.1"),
            text.replacingOccurrences(of: "actions/checkout@\(checkout)", with: "actions/checkout@\(checkout.dropLast())0"),
            text.replacingOccurrences(of: "actions/checkout@\(checkout) # v7.0.1", with: "actions/checkout@\(checkout) # v7.0.0"),
            text.replacingOccurrences(of: "actions/checkout@\(checkout) # v7.0.1", with: "actions/checkout@\(checkout)"),
            text.replacingOccurrences(of: "actions/checkout@\(checkout)", with: "someone/checkout@\(checkout)"),
            text.replacingOccurrences(of: "dorny/test-reporter@v2  # zizmor: ignore[unpinned-uses] no SHA", with: "dorny/test-reporter@v2  # no SHA"),
            text.replacingOccurrences(of: "dorny/test-reporter@v2", with: "dorny/test-reporter@main"),
        ]
        for copy in broken {
            #expect(copy != text)
            #expect(Self.pinProblems(in: copy, file: "pr.yml", pins: pins).count > 0)
        }
    }

    @Test("no permission by default, the least per job, and no checkout keeps the token: both workflows, and a broken copy of each rule is named")
    func leastToken() throws {
        for path in LintTests.workflows {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(Self.jobs(text).count >= 2, "\(path)")
            #expect(Self.tokenProblems(in: text, file: path) == [])
        }
        let text = try String(contentsOfFile: LintTests.workflows[1], encoding: .utf8)
        let broken = [
            text.replacingOccurrences(of: "\npermissions: {}\n", with: "\npermissions:\n  contents: read\n"),
            text.replacingOccurrences(of: "    permissions:\n      contents: read\n    steps:", with: "    steps:"),
            text.replacingOccurrences(of: "    permissions:\n      contents: read\n    steps:", with: "    permissions:\n      contents: write\n    steps:"),
            text.replacingOccurrences(of: "      contents: read\n    steps:", with: "      contents: read\n      checks: write\n    steps:"),
            text.replacingOccurrences(of: "          persist-credentials: false\n", with: ""),
        ]
        for copy in broken {
            #expect(copy != text)
            #expect(Self.tokenProblems(in: copy, file: "nightly.yml").count > 0)
        }
    }
}
