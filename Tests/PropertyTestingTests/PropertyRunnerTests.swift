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

    @Test("each distinct failure (where it fails, how) is reported and shrunk, the first as the result's counterexample")
    func distinctFailures() {
        let result = checkProperty("two bugs", .int(in: 0...1_000), profile: Self.quiet) { n, check in
            try check.expect(n % 2 == 0 || n < 10, "odd")
            try check.expect(n < 900, "too big")
        }
        #expect(result.outcome == .failed)
        #expect(result.failures.map(\.counterexample).sorted() == [11, 900])
        #expect(result.counterexample == result.failures.first?.counterexample)
        #expect(result.issues.count == 2)
        #expect(result.issues.allSatisfy { $0.contains(" (distinct failure ") })
        #expect(result.issues.contains { $0.contains("  input: 900\n") && $0.contains("too big") })
        #expect(result.issues.contains { $0.contains("  input: 11\n") && $0.contains("odd") })
        let one = checkProperty("one bug", .int(in: 0...1_000), profile: Self.quiet) { n in n < 900 }
        #expect(one.failures.count == 1 && one.issues.count == 1 && !one.issues[0].contains("distinct"))
    }

    @Test("the shrink stops at its time budget with the smallest failing input so far, and says so")
    func shrinkTimeBudget() throws {
        var profile = Self.quiet
        profile.shrinkTimeBudget = 5
        final class Ticks: @unchecked Sendable { var seconds = 0.0 }
        let ticks = Ticks()
        var progress: [String] = []
        var runner = PropertyRunner(name: "slow", gen: .array(of: .int(in: 0...1_000), count: 0...50), profile: profile,
                                    cover: [], filter: "slow") { list, _ in list.reduce(0, +) < 300 }
        runner.now = { ticks.seconds += 1; return ticks.seconds }
        runner.progress = { progress.append($0) }
        let result = runner.run()
        let failure = try #require(result.failures.first)
        #expect(failure.stoppedAtTimeBudget)
        #expect(result.shrinkAttempts <= 5)
        #expect((result.counterexample?.reduce(0, +) ?? 0) >= 300)
        #expect(result.issues.first?.contains(HarnessMessage.shrinkTimeSpent(5)) == true)
        #expect(HarnessMessage.shrinkTimeSpent(5) == ", shrink stopped at the budget of 5 s: the input is the smallest found so far")
        #expect(progress.first?.hasPrefix("cardcheck: shrinking \"slow\": 1 candidates, ") == true)
        #expect(progress.last == "")
        profile.shrinkTimeBudget = nil
        var unbudgeted = PropertyRunner(name: "slow", gen: runner.gen, profile: profile, cover: [], filter: "slow", body: runner.body)
        unbudgeted.now = runner.now
        unbudgeted.progress = nil
        #expect(unbudgeted.run().failures.first?.stoppedAtTimeBudget == false)
    }

    @Test("the PR profile stops a shrink at 60 s, nightly at 300 s")
    func shrinkBudgets() {
        #expect(Profile.pr.shrinkTimeBudget == 60)
        #expect(Profile.nightly(freshSeed: 1).shrinkTimeBudget == 300)
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

    @Test("by default the run's seed is in the property's file while its cases run, written once per run and once per failure; the directory is named once; the file is removed at the end")
    func seedFileOncePerRun() throws {
        let files = SeedFiles(directory: FileManager.default.temporaryDirectory
            .appendingPathComponent("cardcheck-seed-files-\(UUID().uuidString)"))
        defer { try? FileManager.default.removeItem(at: files.directory) }
        var events: [String] = [], during: [String] = []
        var profile = Profile.pr
        profile.fixedSeed = 99
        profile.cases = 50
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
        // 100 cases, two writes: one per run (each case rewrote it before).
        #expect(files.writes == 2)
        #expect(events == [HarnessMessage.seedFiles(files.directory.path)])
        #expect(files.file(for: "logged").lastPathComponent == "logged.txt")
        #expect(during.count == 100)
        #expect(Set(during) == [HarnessMessage.running("logged", 99) + "\n  reproduce: CARDCHECK_SEED=0x63 swift test --filter 'logged'\n"])
        // A failing run: once for the run, once before its shrink.
        var failing = PropertyRunner(name: "fails", gen: .int(in: 0...1_000), profile: profile, cover: [], filter: "fails") { n, _ in
            n < 500
        }
        failing.log = { events.append($0) }
        failing.seedFiles = files
        failing.progress = nil
        #expect(failing.run().outcome == .failed)
        #expect(files.writes == 4)
    }

    @Test("the run's seed in the file reruns the cases in order: the case a crash stopped at comes again")
    func runSeedReruns() {
        let first = events(seed: 99, cases: 5) { _ in true }.values
        #expect(events(seed: 99, cases: 5) { _ in true }.values == first)
    }
}
