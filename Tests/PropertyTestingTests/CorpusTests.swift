import Foundation
import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct CorpusTests {
    static var quiet: Profile {
        var profile = Profile.pr
        profile.logsCaseSeeds = false
        return profile
    }

    /// A fresh corpus directory, removed after `body`.
    func withTemporaryCorpus(_ body: (Corpus) throws -> Void) rethrows {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(Corpus(directory: directory))
    }

    func write(_ json: String, for property: String, in corpus: Corpus) throws {
        try FileManager.default.createDirectory(at: corpus.directory, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: corpus.file(for: property))
    }

    @Test("corpus entries replay before any generated case, in file order")
    func corpusReplaysFirst() throws {
        try withTemporaryCorpus { corpus in
            try corpus.append(7_000, for: "small numbers")
            try corpus.append(8_000, for: "small numbers")
            var seen: [Int] = []
            let result = checkProperty("small numbers", .int(in: 0...10), profile: Self.quiet, corpus: corpus) { value, _ in
                seen.append(value)
            }
            #expect(Array(seen.prefix(2)) == [7_000, 8_000])
            #expect(seen.count == 102)
            #expect(result.replays == [.passed, .passed])
        }
    }

    @Test("a regression entry that fails again fails the run before generating")
    func regressionFails() throws {
        try withTemporaryCorpus { corpus in
            try corpus.append(500, for: "below 100")
            let result = checkProperty("below 100", .int(in: 0...10), profile: Self.quiet, corpus: corpus) { value, check in
                try check.expect(value < 100, "\(value) is not below 100")
            }
            #expect(result.outcome == .failed)
            #expect(result.replays == [.regressed])
            #expect(result.cases == 0)
            #expect(result.counterexample == 500)
            #expect(result.issues.first?.hasPrefix("property \"below 100\": corpus entry 1 of ") == true)
        }
    }

    @Test("an expected failure that still fails is reported as a known finding, not a failure")
    func knownFindingStillFails() throws {
        try withTemporaryCorpus { corpus in
            try corpus.append(500, for: "below 100", expectedFailure: "documented: the spec allows 500")
            let result = checkProperty("below 100", .int(in: 0...10), profile: Self.quiet, corpus: corpus) { value, check in
                try check.expect(value < 100, "\(value) is not below 100")
            }
            #expect(result.outcome == .passed)
            #expect(result.issues.isEmpty)
            #expect(result.replays == [.knownFindingStillFails])
            #expect(result.report.contains(
                "property \"below 100\": known finding still fails (corpus entry 1): documented: the spec allows 500"))
        }
    }

    @Test("an expected failure that now passes fails the run and asks for the entry to be updated")
    func expectedFailureNowPasses() throws {
        try withTemporaryCorpus { corpus in
            try corpus.append(5, for: "below 100", expectedFailure: "documented: 5 used to fail")
            let result = checkProperty("below 100", .int(in: 0...10), profile: Self.quiet, corpus: corpus) { value, check in
                try check.expect(value < 100, "\(value) is not below 100")
            }
            #expect(result.replays == [.expectedFailureNowPasses])
            #expect(result.issues == [
                "property \"below 100\": corpus entry 1 of \(corpus.displayPath(for: "below 100")) is marked as an expected "
                    + "failure but now passes; update the entry (documented: 5 used to fail)",
            ])
        }
    }

    @Test("a recorded counterexample is stored as a value and replays first next time")
    func recordingStoresShrunkValue() throws {
        try withTemporaryCorpus { corpus in
            var profile = Self.quiet
            profile.recordsCorpus = true
            let gen = Gen.array(of: .int(in: 0...100), count: 0...10)
            let first = checkProperty("no 77", gen, profile: profile, corpus: corpus) { list, check in
                try check.expect(!list.contains(77), "contains 77")
            }
            #expect(first.counterexample == [77])
            let stored = try corpus.entries(for: "no 77", as: [Int].self)
            #expect(stored.map(\.value) == [[77]])
            let again = checkProperty("no 77", gen, profile: Self.quiet, corpus: corpus) { list, check in
                try check.expect(!list.contains(77), "contains 77")
            }
            #expect(again.replays == [.regressed])
            #expect(again.cases == 0)
        }
    }

    @Test("an unreadable corpus file is one line naming the file and the problem")
    func unreadableCorpus() throws {
        try withTemporaryCorpus { corpus in
            try write("{ \"property\": \"p\", \"entries\": [ { \"value\": \"seven\" } ] }", for: "p", in: corpus)
            let result = checkProperty("p", .int(in: 0...3), profile: Self.quiet, corpus: corpus) { _, _ in }
            #expect(result.outcome == .misconfigured)
            #expect(result.issues.count == 1)
            #expect(result.issues.first?.hasPrefix(corpus.displayPath(for: "p") + ": corpus file unreadable: at entries.0.value: ") == true)
            #expect(result.issues.first?.contains("\n") == false)
        }
    }

    @Test("file names are slugs of the property name, under Tests/Corpus/<suite> of the package")
    func layout() {
        #expect(Corpus.slug("No three numbers sum past 100!") == "no-three-numbers-sum-past-100")
        #expect(Corpus.slug("  ") == "property")
        let corpus = Corpus.tests(suite: "PropertyTesting")
        #expect(corpus.displayPath(for: "a b") == "Tests/Corpus/PropertyTesting/a-b.json")
        #expect(FileManager.default.fileExists(atPath: corpus.directory.deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Package.swift").path))
    }

    @Test("the committed example corpus replays: a passing regression entry, then a known finding")
    func committedExample() {
        let result = forAll(
            "every number fits in a byte", .array(of: .int(in: 0...255)), profile: Self.quiet,
            corpus: .tests(suite: "PropertyTesting")
        ) { list, check in
            try check.expect(list.allSatisfy { (0...255).contains($0) }, "a number outside 0...255")
        }
        #expect(result.replays == [.passed, .knownFindingStillFails])
        #expect(result.outcome == .passed)
    }
}
