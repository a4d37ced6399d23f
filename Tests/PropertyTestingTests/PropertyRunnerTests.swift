import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct PropertyRunnerTests {
    static var quiet: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    func values(_ profile: Profile, name: String = "collect") -> [[Int]] {
        var seen: [[Int]] = []
        _ = checkProperty(name, .array(of: .int(in: -1_000...1_000)), profile: profile) { list, _ in seen.append(list) }
        return seen
    }

    @Test("the same seed runs the same cases; pr seeds by name, nightly by fresh entropy")
    func sameSeedSameCases() {
        #expect(values(Self.quiet) == values(Self.quiet))
        #expect(values(Self.quiet, name: "a") != values(Self.quiet, name: "b"))
        var one = Profile.nightly(freshSeed: 1), two = Profile.nightly(freshSeed: 2)
        one.logsCaseSeeds = false
        two.logsCaseSeeds = false
        one.cases = 50
        two.cases = 50
        #expect(values(one) == values(one))
        #expect(values(one) != values(two))
    }

    @Test("a property that always passes but never hits a declared label is reported")
    func neverHitLabelIsReported() {
        let result = checkProperty("small numbers", .int(in: 0...100), profile: Self.quiet, cover: ["huge", "small"]) { n, check in
            check.label("huge", when: n > 1_000)
            check.label("small", when: n <= 100)
        }
        #expect(result.outcome == .passed)
        #expect(result.missingLabels == ["huge"])
        #expect(result.issues == [
            "property \"small numbers\": label 'huge' never occurred in 100 cases (its interesting case was not exercised)",
        ])
        withKnownIssue {
            forAll("small numbers", .int(in: 0...100), profile: Self.quiet, cover: ["huge"]) { n, check in
                check.label("huge", when: n > 1_000)
            }
        }
    }

    @Test("labels are tallied once per case, most frequent first, and shown in the report")
    func labelDistribution() {
        let result = checkProperty("parity", .int(in: 0...9), profile: Self.quiet) { n, check in
            check.label(n % 2 == 0 ? "even" : "odd")
            check.label("any")
            check.label("any")
        }
        #expect(result.labels.first == LabelCount("any", 100))
        #expect(result.labels.map(\.label).sorted() == ["any", "even", "odd"])
        #expect(result.labels.dropFirst().map(\.count).reduce(0, +) == 100)
        #expect(result.labels[1].count >= result.labels[2].count)
        #expect(result.report.contains { $0.hasPrefix("  labels: any 100 (100%), ") })
    }

    @Test("a filter that rejects everything gives up instead of passing vacuously")
    func givesUp() {
        let result = checkProperty("impossible", Gen.int(in: 0...9).filter(limit: 2) { $0 > 9 }, profile: Self.quiet) { _ in true }
        #expect(result.outcome == .gaveUp)
        #expect(result.cases == 0)
        #expect(result.issues == ["property \"impossible\" gave up: 1000 cases discarded by filters or assume, only 0 ran"])
    }

    @Test("the time budget stops generating new cases")
    func timeBudgetStops() {
        var profile = Self.quiet
        profile.cases = 10_000_000
        profile.timeBudget = 0.05
        let result = checkProperty("budgeted", .int(in: 0...9), profile: profile) { _ in true }
        #expect(result.outcome == .passed)
        #expect(result.cases >= 1 && result.cases < 10_000_000)
    }

    @Test("a thrown error is a failure, shrunk and reported with its type")
    func thrownErrorFails() {
        enum Boom: Error { case big(Int) }
        let result = checkProperty("throws on big", .int(in: 0...1_000), profile: Self.quiet) { n, _ in
            if n >= 10 { throw Boom.big(n) }
        }
        #expect(result.outcome == .failed)
        #expect(result.counterexample == 10)
        #expect(result.failure?.hasPrefix("the property threw ") == true)
        #expect(result.failure?.hasSuffix("Boom: big(10)") == true)
    }

    @Test("notes from the shrunk case appear in the report")
    func notesInReport() {
        let result = checkProperty("noted", .int(in: 0...100), profile: Self.quiet) { n, check in
            check.note("n squared is \(n * n)")
            try check.expect(n < 20, "too big")
        }
        #expect(result.report.contains("  note: n squared is 400"))
    }
}

extension PropertyRunnerTests {
    /// Runs `body` over lists with seed lines and body runs interleaved in one event log.
    func events(seed: UInt64, cases: Int, _ body: @escaping ([Int]) -> Bool) -> (events: [String], values: [[Int]]) {
        var events: [String] = [], values: [[Int]] = []
        var profile = Profile.pr
        profile.fixedSeed = seed
        profile.cases = cases
        profile.seedLog = .cases
        var runner = PropertyRunner(name: "logged", gen: .array(of: .int(in: 0...1_000)), profile: profile, cover: [],
                                    filter: "logged") { list, _ in
            events.append("body")
            values.append(list)
            return body(list)
        }
        runner.log = { events.append($0) }
        _ = runner.run()
        return (events, values)
    }

    @Test("with CARDCHECK_SEED_LOG=cases each case's seed is written before the case runs, and that seed alone reproduces the case")
    func seedLineBeforeEachCase() {
        let run = events(seed: 99, cases: 5) { _ in true }
        #expect(run.events.count == 10)
        for index in 0..<5 {
            #expect(run.events[2 * index].hasPrefix("cardcheck: \"logged\" case \(index + 1): CARDCHECK_SEED=0x"))
            #expect(run.events[2 * index + 1] == "body")
        }
        let third = run.events[4].split(separator: "=").last.map(String.init) ?? ""
        let rerun = events(seed: Profile.parseSeed(third) ?? 0, cases: 1) { _ in true }
        #expect(rerun.values == [run.values[2]])
    }

    @Test("a failing case writes a shrinking line before candidates run")
    func shrinkingLine() {
        let run = events(seed: 3, cases: 100) { list in !list.contains { $0 > 500 } }
        let index = run.events.firstIndex { $0.hasPrefix("cardcheck: \"logged\" shrinking the failure of CARDCHECK_SEED=0x") }
        #expect(index != nil)
        #expect(run.events.last(where: { $0 != "body" }) == index.map { run.events[$0] })
    }

    @Test("by default each case's seed is in the property's file while the case runs; the directory is named once; the file is removed at the end")
    func seedFileDuringEachCase() throws {
        let files = SeedFiles(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("cardcheck-seed-files-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: files.directory) }
        var events: [String] = [], during: [String] = []
        var profile = Profile.pr
        profile.fixedSeed = 99
        profile.cases = 3
        #expect(profile.seedLog == .file)
        for _ in 0..<2 {
            var runner = PropertyRunner(name: "logged", gen: .array(of: .int(in: 0...1_000)), profile: profile, cover: [],
                                        filter: "logged") { _, _ in
                during.append((try? String(contentsOf: files.file(for: "logged"), encoding: .utf8)) ?? "no file")
                return true
            }
            runner.log = { events.append($0) }
            runner.seedFiles = files
            _ = runner.run()
            #expect(!FileManager.default.fileExists(atPath: files.file(for: "logged").path))
        }
        #expect(events == [HarnessMessage.seedFiles(files.directory.path)])
        #expect(files.file(for: "logged").lastPathComponent == "logged.txt")
        let cased = self.events(seed: 99, cases: 3) { _ in true }.events.filter { $0 != "body" }
        #expect(during.count == 6)
        for (index, text) in during.enumerated() {
            let line = cased[index % 3], seed = line.split(separator: "=").last.map(String.init) ?? ""
            #expect(text == line + "\n  reproduce: CARDCHECK_SEED=\(seed) swift test --filter 'logged'\n")
        }
    }
}
