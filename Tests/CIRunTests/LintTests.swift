import Explorer
import Foundation
import Testing
@testable import CIRun

/// The workflows, the Kubernetes manifest, the report's schema and the JUnit, checked by real
/// linters that `.ci/setup` installs (check-jsonschema, kubernetes-validate, actionlint and zizmor
/// from PyPI; xmllint and shellcheck from Debian). None skips: a linter that is missing fails its
/// test, naming `bash .ci/setup`. Each is also shown a broken copy that must fail.
@Suite struct LintTests {
    static let workflows = [".github/workflows/pr.yml", ".github/workflows/nightly.yml"]
    static let manifest = ".ci/kubernetes/nightly-job.yaml"
    static let junitSchema = "Schemas/junit-10.xsd"

    /// Runs `tool arguments` and returns its exit code and output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (code: Int32, output: String) {
        try ToolRun.run([tool] + arguments, missing: ": run bash .ci/setup")
    }

    static func scratch(_ name: String, _ text: String) throws -> String {
        let path = NSTemporaryDirectory() + "cardcheck-lint-\(UUID().uuidString)-\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(".ci/setup run again on a machine it set up prints nothing and exits 0")
    func setupIsQuietWhenDone() throws {
        let result = try Self.run("bash", [".ci/setup"])
        #expect(result.code == 0, "\(result.output)")
        #expect(result.output.isEmpty, "\(result.output)")
    }

    @Test("actionlint (with shellcheck on the run: scripts) passes both workflows, and a broken one fails")
    func actionlint() throws {
        #expect(ToolRun.which("shellcheck") != nil, "shellcheck is not on PATH: run bash .ci/setup")
        let result = try Self.run("actionlint", Self.workflows)
        #expect(result.code == 0, "\(result.output)")
        // A job that needs a job that does not exist, and a script whose variable is unquoted.
        let text = try String(contentsOfFile: Self.workflows[1], encoding: .utf8)
        for broken in [text.replacingOccurrences(of: "needs: plan\n", with: "needs: plann\n"),
                       text.replacingOccurrences(of: "--shard \"$SHARD\"", with: "--shard $SHARD")] {
            #expect(broken != text)
            let dir = NSTemporaryDirectory() + "cardcheck-lint-\(UUID().uuidString)/.github/workflows"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: (dir as NSString).deletingLastPathComponent) }
            try broken.write(toFile: dir + "/nightly.yml", atomically: true, encoding: .utf8)
            #expect(try Self.run("actionlint", [dir + "/nightly.yml"]).code != 0)
        }
    }

    @Test("both workflows fit GitHub's workflow schema, and a broken one does not")
    func workflowSchema() throws {
        let result = try Self.run("check-jsonschema", ["--builtin-schema", "vendor.github-workflows"] + Self.workflows)
        #expect(result.code == 0, "\(result.output)")
        let text = try String(contentsOfFile: Self.workflows[1], encoding: .utf8)
        let broken = try Self.scratch("nightly.yml", text.replacingOccurrences(of: "runs-on:", with: "runs_on:"))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(try Self.run("check-jsonschema", ["--builtin-schema", "vendor.github-workflows", broken]).code != 0)
    }

    /// The oldest Kubernetes the manifests support (Docs/ci.md: backoffLimitPerIndex and the
    /// FailIndex pod failure policy are on by default from 1.29).
    static let oldestKubernetes = "1.29.0"

    @Test("the Indexed Job, the merge Job and the claim are valid at the oldest supported Kubernetes (1.29) and the newest kubernetes-validate knows (the Job not at 1.28), a broken Job is not")
    func kubernetes() throws {
        let all = [Self.manifest, ".ci/kubernetes/merge-job.yaml", ".ci/kubernetes/reports-claim.yaml"]
        let oldest = try Self.run("kubernetes-validate", ["--strict", "-k", Self.oldestKubernetes] + all)
        #expect(oldest.code == 0, "\(oldest.output)")
        // Without -k, kubernetes-validate validates against the newest version it knows.
        let newest = try Self.run("kubernetes-validate", ["--strict"] + all)
        #expect(newest.code == 0, "\(newest.output)")
        #expect(newest.output.contains("against version 1.3"), "\(newest.output)")
        #expect(try Self.run("kubernetes-validate", ["--strict", "-k", "1.28.0", Self.manifest]).code != 0)
        let text = try String(contentsOfFile: Self.manifest, encoding: .utf8)
        let broken = try Self.scratch("job.yaml", text.replacingOccurrences(of: "completionMode: Indexed", with: "completionMode: 4"))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        for version in [[], ["-k", Self.oldestKubernetes]] {
            #expect(try Self.run("kubernetes-validate", ["--strict"] + version + [broken]).code != 0)
        }
    }

    @Test("zizmor (offline) finds nothing above low in either workflow, and an unpinned action or a job granted write-all is found")
    func zizmor() throws {
        // --no-config: only what the workflows themselves say (their ignore comments) counts.
        let audit = ["--offline", "--no-config", "--no-progress", "--min-severity", "medium"]
        let result = try Self.run("zizmor", audit + Self.workflows)
        #expect(result.code == 0, "\(result.output)")
        let text = try String(contentsOfFile: Self.workflows[1], encoding: .utf8)
        let checkout = try #require(text.firstMatch(of: #/actions/checkout@[0-9a-f]{40} # \S+/#)?.output)
        for broken in [text.replacingOccurrences(of: String(checkout), with: "actions/checkout@v7"),
                       text.replacingOccurrences(of: "    permissions:\n      contents: read\n    steps:", with: "    permissions: write-all\n    steps:")] {
            #expect(broken != text)
            let path = try Self.scratch("nightly.yml", broken)
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect(try Self.run("zizmor", audit + [path]).code != 0)
        }
    }

    @Test("a report conforms to its schema by a real JSON Schema validator, a broken one does not")
    func reportSchema() throws {
        let report = Fixtures.report([Fixtures.check(safe: .violated), Fixtures.mutant("g", killed: true)])
        let text = String(decoding: report.encoded(), as: UTF8.self)
        let good = try Self.scratch("report.json", text)
        let bad = try Self.scratch("bad.json", text.replacingOccurrences(of: "\"kind\" : \"check\"", with: "\"kind\" : \"audit\""))
        defer { for p in [good, bad] { try? FileManager.default.removeItem(atPath: p) } }
        let schema = ["--schemafile", ReportFormatTests.schemaPath]
        let result = try Self.run("check-jsonschema", schema + [good])
        #expect(result.code == 0, "\(result.output)")
        #expect(try Self.run("check-jsonschema", schema + [bad]).code != 0)
    }

    @Test("the JUnit validates against Jenkins' junit-10.xsd by xmllint, and a copy without errors= does not")
    func junitSchema() throws {
        var merged = try CIReport.merge(Array(MergeTests.shards().prefix(2)), baseline: Fixtures.baseline)
        merged.cutShort = [ShardStop(shard: "2/3", reason: "interrupted (SIGTERM)")]
        merged.cpuMilliseconds = ["check toy part 1/3": 12_345]
        var cut = Fixtures.check(safe: .violated, goal: .unreached)
        cut.boundCut = BoundCut(states: 2, refusals: [.init(bound: "maxPostsInFlight", states: 2)])
        let whole = Fixtures.report([cut, Fixtures.mutant("g", killed: false), Fixtures.mutant("h", killed: true),
                                     Fixtures.check(known: .holds, exhaustive: false)])
        for report in [merged, whole] {
            let xml = report.junit(storyBase: "https://ci.example/a&b/") { _ in ["# a story <with> \"markup\"", "", "1. **user** taps"] }
            #expect(xml.contains("<failure type="))
            let good = try Self.scratch("junit.xml", xml)
            let bad = try Self.scratch("bad.xml", xml.replacingOccurrences(of: " errors=\"0\" skipped", with: " skipped"))
            defer { for p in [good, bad] { try? FileManager.default.removeItem(atPath: p) } }
            let result = try Self.run("xmllint", ["--noout", "--schema", Self.junitSchema, good])
            #expect(result.code == 0, "\(result.output)")
            #expect(try Self.run("xmllint", ["--noout", "--schema", Self.junitSchema, bad]).code != 0)
        }
    }

    @Test("the schema is the xUnit plugin's own, not a looser one: a suite's time past milliseconds or with a unit, and disabled=, are refused")
    func junitSchemaIsStrict() throws {
        let suite = #"<testsuites><testsuite name="s" tests="1" failures="0" errors="0" TIME><testcase name="c"/></testsuite></testsuites>"#
        let cases = [(#"time="22.5""#, true), (#"time="1,234.125""#, true), (#"time="22s""#, false),
                     (#"time="0.023216154""#, false), (#"time="1" disabled="0""#, false)]
        for (attributes, valid) in cases {
            let path = try Self.scratch("suite.xml", suite.replacingOccurrences(of: "TIME", with: attributes))
            defer { try? FileManager.default.removeItem(atPath: path) }
            #expect((try Self.run("xmllint", ["--noout", "--schema", Self.junitSchema, path]).code == 0) == valid, "\(attributes)")
        }
    }

    /// `swift test --xunit-output swift-test.xml`'s swift-test-swift-testing.xml as Swift 6.3.1
    /// writes it (a scratch package with a passing, a failing and a disabled test).
    static let swiftTestingXUnit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="TestResults" errors="0" tests="2" failures="1" skipped="1" time="0.023216154">
            <testcase classname="LTests" name="skipped()" >
              <skipped>skip me</skipped>
            </testcase>
            <testcase classname="LTests" name="fails()" time="0.001245365" >
              <failure message="Expectation failed: (f() &#8594; 1) == 2 (error): planted" />
            </testcase>
            <testcase classname="LTests" name="passes()" time="0.001255665" />
          </testsuite>
        </testsuites>

        """

    @Test(".ci/suite-results makes swift test's xUnit valid JUnit (its nanosecond suite time cut to the millisecond); a file the schema refuses fails it and leaves no output")
    func suiteResults() throws {
        let dir = NSTemporaryDirectory() + "cardcheck-suite-results-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.swiftTestingXUnit.write(toFile: dir + "/in.xml", atomically: true, encoding: .utf8)
        // As written, the real schema refuses it: the reason the script exists.
        #expect(try Self.run("xmllint", ["--noout", "--schema", Self.junitSchema, dir + "/in.xml"]).code != 0)
        let result = try Self.run("bash", [".ci/suite-results", dir + "/in.xml", dir + "/out/junit.xml"])
        #expect(result.code == 0, "\(result.output)")
        let out = try String(contentsOfFile: dir + "/out/junit.xml", encoding: .utf8)
        #expect(out == Self.swiftTestingXUnit.replacingOccurrences(of: #"time="0.023216154""#, with: #"time="0.023""#))
        // A suite without failures= is refused: exit non-zero, the input named, no output file.
        try Self.swiftTestingXUnit.replacingOccurrences(of: #" failures="1""#, with: "")
            .write(toFile: dir + "/bad.xml", atomically: true, encoding: .utf8)
        let bad = try Self.run("bash", [".ci/suite-results", dir + "/bad.xml", dir + "/bad/junit.xml"])
        #expect(bad.code != 0)
        #expect(bad.output.contains(dir + "/bad.xml"), "\(bad.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/bad") == [])
    }
}
