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
        let xml = Fixtures.report([Fixtures.check(safe: .violated), Fixtures.mutant("g", killed: true)]).junit
        let document = try XMLDocument(data: Data(xml.utf8))
        let cases = try document.nodes(forXPath: "//testcase")
        #expect(cases.count == 4)
        let failures = try document.nodes(forXPath: "//testcase[failure]").compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(failures == ["safe"])
        #expect(xml.contains("<testsuites name=\"cardcheck nightly\" tests=\"4\" failures=\"1\">"))
        #expect(xml.contains("<testcase classname=\"mutant toy g\" name=\"guard g killed\">"))
        let gone = Fixtures.report([Fixtures.check(known: .holds)]).junit
        #expect(gone.contains("name=\"known hole\">\n      <failure message=\"accepted finding no longer appears: remove it from the baseline\"/>"))
    }

    @Test("JUnit: a run whose bound cut is nonzero says so on the run's test case, and only then")
    func junitBoundCut() throws {
        let cut = BoundCut(states: 2, refusals: [.init(bound: "maxPostsInFlight", states: 2)])
        let line = try #require(cut.line)
        var check = Fixtures.check(), mutant = Fixtures.mutant("g", killed: false)
        check.boundCut = cut
        mutant.boundCut = cut
        let xml = Fixtures.report([check, mutant]).junit
        let document = try XMLDocument(data: Data(xml.utf8))
        // A passing `run` case holds the check's line; the guard's failing case holds the mutant's.
        #expect(try document.nodes(forXPath: "//testcase").count == 5)
        #expect(xml.contains("<testcase classname=\"check toy\" name=\"run\">\n      <system-out>\(line)</system-out>"))
        #expect(xml.contains("<failure message=\"guard g not killed\"/>\n      <system-out>\(line)</system-out>"))
        var killed = Fixtures.mutant("g", killed: true)
        killed.boundCut = cut
        #expect(Fixtures.report([killed]).junit.contains("<system-out>killed by safe\n\(line)</system-out>"))
        // No cut: no `run` case, no line.
        let plain = Fixtures.report([Fixtures.check(), Fixtures.mutant("g", killed: false)]).junit
        #expect(!plain.contains("bound cut") && !plain.contains("name=\"run\""))
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
