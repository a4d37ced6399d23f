import Explorer
import Foundation
import Testing
@testable import CIRun

/// The workflows, the Kubernetes manifest, the report's schema and the JUnit, checked by real
/// linters that `.ci/setup` installs (check-jsonschema, kubernetes-validate and actionlint from
/// PyPI; xmllint and shellcheck from Debian). None skips: a linter that is missing fails its
/// test, naming `bash .ci/setup`. Each is also shown a broken copy that must fail.
@Suite struct LintTests {
    static let workflows = [".github/workflows/pr.yml", ".github/workflows/nightly.yml"]
    static let manifest = ".ci/kubernetes/nightly-job.yaml"
    static let junitSchema = "Schemas/junit-10.xsd"

    /// The full path of `tool` on PATH, nil when absent.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/\(tool)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `tool arguments` and returns its exit code and output.
    static func run(_ tool: String, _ arguments: [String]) throws -> (code: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(which(tool), "\(tool) is not on PATH: run bash .ci/setup"))
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
        #expect(Self.which("shellcheck") != nil, "shellcheck is not on PATH: run bash .ci/setup")
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

    @Test("the Indexed Job, the merge Job and the claim are valid at Kubernetes 1.29 (the Job not at 1.28), a broken Job is not")
    func kubernetes() throws {
        let all = [Self.manifest, ".ci/kubernetes/merge-job.yaml", ".ci/kubernetes/reports-claim.yaml"]
        let result = try Self.run("kubernetes-validate", ["--strict", "-k", "1.29.0"] + all)
        #expect(result.code == 0, "\(result.output)")
        #expect(try Self.run("kubernetes-validate", ["--strict", "-k", "1.28.0", Self.manifest]).code != 0)
        let text = try String(contentsOfFile: Self.manifest, encoding: .utf8)
        let broken = try Self.scratch("job.yaml", text.replacingOccurrences(of: "completionMode: Indexed", with: "completionMode: 4"))
        defer { try? FileManager.default.removeItem(atPath: broken) }
        #expect(try Self.run("kubernetes-validate", ["--strict", "-k", "1.29.0", broken]).code != 0)
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
}
