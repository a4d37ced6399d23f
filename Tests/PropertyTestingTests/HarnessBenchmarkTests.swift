import Testing
@testable import PropertyTesting

@Suite struct HarnessBenchmarkTests {
    @Test("the benchmark reports generated cases/s and shrink steps/s from what it actually ran")
    func reportsFigures() {
        let lines = HarnessBenchmark.run(cases: 200, failures: 2)
        #expect(lines.count == 4)
        #expect(lines[0] == "harness benchmark: 200 cases, 2 shrunk failures, 20 stateful sequences")
        #expect(lines[1].hasPrefix("generation: 200 cases ("))
        #expect(lines[1].hasSuffix(" cases/s"))
        #expect(lines[2].hasPrefix("shrinking: "))
        #expect(lines[2].hasSuffix(" shrink steps/s"))
        #expect(!lines[2].hasPrefix("shrinking: 0 shrink steps"))
        #expect(lines[3].hasPrefix("stateful: 20 sequences ("))
        #expect(lines[3].hasSuffix(" sequences/s"))
    }
}
