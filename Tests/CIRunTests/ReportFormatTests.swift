import Foundation
import Explorer
import Testing
@testable import CIRun

#if canImport(FoundationXML)
import FoundationXML
#endif

@Suite struct ReportFormatTests {
    static let schemaPath = "Schemas/cardcheck-ci-report.schema.json"

    static func sample() -> CIReport {
        Fixtures.report([Fixtures.check(safe: .violated), Fixtures.mutant("g", killed: false),
                         Fixtures.check(known: .holds, part: 1, parts: 2)], final: false)
    }

    @Test("the JSON report conforms to the schema in the repository")
    func conforms() throws {
        let validator = try SchemaValidator(path: Self.schemaPath)
        #expect(try validator.violation(in: Self.sample().encoded()) == nil)
        #expect(try validator.violation(in: Fixtures.report([Fixtures.check()]).encoded()) == nil)
        var cut = Fixtures.check()
        cut.boundCut = BoundCut(states: 2, refusals: [.init(bound: "maxPostsInFlight", states: 2)])
        #expect(try validator.violation(in: Fixtures.report([cut]).encoded()) == nil)
    }

    @Test("a report reads back as written; edited since (a verdict, a count, a key added, reformatted) it is refused whole, naming why")
    func checksummed() throws {
        let path = NSTemporaryDirectory() + "cardcheck-report-" + UUID().uuidString + ".json"
        defer { unlink(path) }
        let report = Self.sample()
        let text = String(decoding: report.encoded(), as: UTF8.self)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try CIReport.load(path: path) == report)
        let edits: [(String, String)] = [
            (text.replacingOccurrences(of: "\"verdict\" : \"violated\"", with: "\"verdict\" : \"holds\""), "but the contents give"),
            (text.replacingOccurrences(of: "\"distinctStates\" : 10,", with: "\"distinctStates\" : 11,"), "but the contents give"),
            (text.replacingOccurrences(of: "\"format\" : ", with: "\"extra\" : 1,\n  \"format\" : "), "not byte for byte as this cardcheck writes it"),
            (text.replacingOccurrences(of: "\n  ", with: "\n "), "not byte for byte as this cardcheck writes it"),
            // The checksum's line is not the last (keys are sorted), so the rest is still JSON.
            (text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("\"checksum\"") }.joined(separator: "\n"),
             "no \"checksum\": not a file this cardcheck wrote"),
        ]
        for (edited, why) in edits {
            #expect(edited != text)
            try edited.write(toFile: path, atomically: true, encoding: .utf8)
            #expect {
                try CIReport.load(path: path)
            } throws: { error in
                String(describing: error).hasPrefix("\(path): ") && String(describing: error).contains(why)
            }
        }
    }

    @Test("a report number of the wrong kind is named as such, with its path, not called invalid JSON")
    func numberOfWrongKind() throws {
        let path = NSTemporaryDirectory() + "cardcheck-report-" + UUID().uuidString + ".json"
        defer { unlink(path) }
        let text = String(decoding: Self.sample().encoded(), as: UTF8.self)
        for (number, line) in [("10.5", "$.jobs[0].distinctStates: expected an integer, got 10.5"),
                               ("\"10\"", "not a cardcheck CI report (\"jobs.Index 0.distinctStates\" has the wrong type)")] {
            try text.replacingOccurrences(of: "\"distinctStates\" : 10,", with: "\"distinctStates\" : \(number),")
                .write(toFile: path, atomically: true, encoding: .utf8)
            #expect {
                try CIReport.load(path: path)
            } throws: { error in
                String(describing: error) == "\(path): \(line)"
            }
        }
    }

    @Test("the schema rejects what a reader could not use: a missing key, an unknown key, a bad verdict")
    func schemaHasTeeth() throws {
        let validator = try SchemaValidator(path: Self.schemaPath)
        let text = String(decoding: Self.sample().encoded(), as: UTF8.self)
        let broken = [
            text.replacingOccurrences(of: "\"result\"", with: "\"outcome\""),
            text.replacingOccurrences(of: "\"verdict\" : \"holds\"", with: "\"verdict\" : \"fine\""),
            text.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2"),
            text.replacingOccurrences(of: "\"parts\" : 1", with: "\"parts\" : \"one\""),
        ]
        for b in broken {
            #expect(b != text)
            #expect(try validator.violation(in: Data(b.utf8)) != nil)
        }
    }

    @Test("JUnit: one test case per property per configuration, failures where the run fails")
    func junit() throws {
        let xml = Fixtures.report([Fixtures.check(safe: .violated), Fixtures.mutant("g", killed: true)]).junit()
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 5)
        let failures = try document.nodes(forXPath: "//testcase[failure]").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(failures == ["safe"])
        #expect(xml.contains("<testsuites name=\"cardcheck nightly\" tests=\"5\" failures=\"1\" errors=\"0\" time=\"0.000\">"))
        #expect(xml.contains("<testcase classname=\"mutant toy g\" name=\"guard g killed\">"))
        #expect(xml.contains("<testsuite name=\"shards\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.000\">"))
        let gone = Fixtures.report([Fixtures.check(known: .holds)]).junit()
        #expect(gone.contains("name=\"known hole\">\n      <failure type=\"gone-finding\" "
            + "message=\"accepted finding no longer appears: remove it from the baseline\"/>"))
    }

    @Test("JUnit: a run whose bound cut is nonzero says so on the run's test case, and only then")
    func junitBoundCut() throws {
        let cut = BoundCut(states: 2, refusals: [.init(bound: "maxPostsInFlight", states: 2)])
        let line = try #require(cut.line)
        var check = Fixtures.check(), mutant = Fixtures.mutant("g", killed: false)
        check.boundCut = cut
        mutant.boundCut = cut
        let xml = Fixtures.report([check, mutant]).junit()
        let document = try XMLDocument(data: Data(xml.utf8))
        // A passing `run` case holds the check's line; the guard's failing case holds the mutant's.
        #expect(try document.nodes(forXPath: "//testcase").count == 6)
        #expect(xml.contains("<testcase classname=\"check toy\" name=\"run\">\n      <system-out>\(line)</system-out>"))
        #expect(xml.contains("<failure type=\"guard-not-killed\" message=\"guard g not killed\"/>\n      <system-out>\(line)</system-out>"))
        var killed = Fixtures.mutant("g", killed: true)
        killed.boundCut = cut
        #expect(Fixtures.report([killed]).junit().contains("<system-out>killed by safe\n\(line)</system-out>"))
        // No cut: no `run` case, no line.
        let plain = Fixtures.report([Fixtures.check(), Fixtures.mutant("g", killed: false)]).junit()
        #expect(!plain.contains("bound cut") && !plain.contains("name=\"run\""))
    }

    @Test("JUnit: a new finding's failure has a type, a message and a body of the story's first lines and its link")
    func junitFailureBody() throws {
        let story = (1...30).map { "line \($0) <of> the story" }
        var asked: [String] = []
        let xml = Fixtures.report([Fixtures.check(safe: .violated)]).junit(storyBase: "https://ci.example/run/1/") { path in
            asked.append(path)
            return story
        }
        #expect(asked == ["counterexamples/toy/safe.md"])
        let document = try XMLDocument(data: Data(xml.utf8))
        let failure = try #require(try document.nodes(forXPath: "//testcase[@name='safe']/failure").first as? XMLElement)
        #expect(failure.attribute(forName: "type")?.stringValue == "new-finding")
        #expect(failure.attribute(forName: "message")?.stringValue
            == "violated in 3 steps, not in the accepted-findings baseline: https://ci.example/run/1/counterexamples/toy/safe.md")
        let body = failure.stringValue ?? ""
        #expect(body == (story.prefix(CIReport.junitStoryLines) + ["", "story: https://ci.example/run/1/counterexamples/toy/safe.md"])
            .joined(separator: "\n"))
        #expect(!body.contains("line 21 "))
    }

    @Test("JUnit: a missing shard and a cut-short shard are failing test cases, the rest pass; times are CPU seconds")
    func junitShards() throws {
        var report = try CIReport.merge(Array(MergeTests.shards().prefix(2)), baseline: Fixtures.baseline)
        report.cutShort = [ShardStop(shard: "2/3", reason: "time limit reached")]
        report.cpuMilliseconds = ["check toy part 1/3": 1500, "check toy part 2/3": 2250, "mutant toy g": 7]
        let xml = report.junit()
        let document = try XMLDocument(data: Data(xml.utf8))
        let shards = try document.nodes(forXPath: "//testsuite[@name='shards']/testcase").compactMap { $0 as? XMLElement }
        #expect(shards.map { $0.attribute(forName: "name")?.stringValue } == ["shard 1/3", "shard 2/3", "shard 3/3"])
        let types = shards.map { (try? $0.nodes(forXPath: "failure").first as? XMLElement)?.attribute(forName: "type")?.stringValue }
        #expect(types == [nil, "cut-short", "missing-shard"])
        #expect(xml.contains("<testsuite name=\"check toy\" tests=\"4\" failures=\"1\" errors=\"0\" skipped=\"0\" time=\"3.750\">"))
        #expect(xml.contains("<testsuite name=\"mutant toy g\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.007\">"))
        let top = try #require(document.rootElement())
        #expect(top.attribute(forName: "failures")?.stringValue == "3")
        #expect(top.attribute(forName: "time")?.stringValue == "3.757")
    }

    @Test("the summary says a simulation was a random walk, with its seed and walks, not exhaustive; it names the baseline used")
    func markdownSimulationAndBaseline() {
        var walk = JobReport(kind: .simulate, configuration: "toy", model: "toy-model", seed: "0x2a", exhaustive: false,
                             stopReason: "100 walks of up to 9 steps", distinctStates: 0, transitions: 500, depthReached: 9,
                             properties: [Fixtures.property("safe", .violated, steps: 3)])
        walk.walks = 100
        walk.walksAsked = 100
        let md = Fixtures.report([walk]).markdown(baselinePath: "other.json")
        #expect(md.contains("| simulate toy | fail | — | no: random walk, seed 0x2a, 100 of 100 walks | **safe** | \"safe\" violated, not in the baseline |"))
        #expect(md.contains("### New findings (not in `other.json`)"))
        walk.walks = 40
        let cut = Fixtures.report([walk]).jobs[0]
        #expect(cut.detail == "\"safe\" violated, not in the baseline; cut short (100 walks of up to 9 steps)")
        walk.properties = []
        walk.walks = 100
        #expect(Fixtures.report([walk]).passed)
    }

    @Test("annotations: a failing job on its configuration's model line, a gone finding on its baseline entry, a missing shard")
    func annotations() throws {
        let files = [
            "Models/toy.json": "{\n  \"model\": \"toy-model\",\n  \"x\": 1\n}\n",
            "base.json": """
                {
                  "findings": [
                    {
                      "configuration": "other",
                      "property": "known hole",
                      "reason": "r",
                      "waitsOn": "w"
                    },
                    {
                      "configuration": "toy",
                      "property": "known hole",
                """,
        ]
        let new = Fixtures.report([Fixtures.check(safe: .violated)])
        #expect(new.annotations(models: "Models", baselinePath: "base.json", storyBase: "https://x/") { files[$0] } == [
            "::error file=Models/toy.json,line=2,title=cardcheck nightly%3A check toy::check toy: \"safe\" violated, not in the baseline"
                + "%0Asafe: https://x/counterexamples/toy/safe.md",
        ])
        let gone = Fixtures.report([Fixtures.check(known: .holds)]).annotations(models: "Models", baselinePath: "base.json") { files[$0] }
        #expect(gone.last == "::error file=base.json,line=11,title=cardcheck nightly%3A accepted finding gone::toy \"known hole\" "
            + "no longer appears: remove it from the baseline")
        let missing = try CIReport.merge(Array(MergeTests.shards().prefix(2)), baseline: Fixtures.baseline)
        #expect(missing.annotations(models: "Models", baselinePath: "base.json").last
            == "::error title=cardcheck nightly%3A shard 3/3::no report for shard 3/3: its jobs did not run or it crashed")
        #expect(Fixtures.report([Fixtures.check()]).annotations(models: "Models", baselinePath: "base.json").isEmpty)
    }

    @Test("JUnit escapes what XML cannot hold")
    func escaping() {
        #expect(CIReport.xml("a<b & \"c\" 'd'>\u{1}") == "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt; ")
    }

    @Test("the Markdown summary links each new counterexample's story")
    func markdown() {
        let md = Fixtures.report([Fixtures.check(safe: .violated)]).markdown(storyBase: "out/")
        #expect(md.hasPrefix("## cardcheck nightly: FAIL\n"))
        #expect(md.contains("- `toy`: **safe** — [story](out/counterexamples/toy/safe.md)"))
        #expect(md.contains("| check toy | fail | 10 | yes | known hole ✓, **safe** | \"safe\" violated, not in the baseline |"))
        let gone = Fixtures.report([Fixtures.check(known: .holds)]).markdown()
        #expect(gone.contains("- `toy`: **known hole**"))
    }
}
