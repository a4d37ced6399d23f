import Testing
@testable import PropertyEngine
@testable import PropertyTesting

@Suite struct HarnessBenchmarkTests {
    @Test("the benchmark reports generated cases/s and shrink steps/s from what it actually ran")
    func reportsFigures() {
        let lines = HarnessBenchmark.run(cases: 200, failures: 2)
        #expect(lines.count == 4)
        #expect(lines[0] == "harness benchmark: cases 200, failing runs shrunk 2, stateful sequences 20")
        #expect(lines[1].hasPrefix("generation: 200 cases ("))
        #expect(lines[1].hasSuffix(" cases/s"))
        #expect(lines[2].hasPrefix("shrinking: "))
        #expect(lines[2].hasSuffix(" shrink steps/s"))
        #expect(!lines[2].hasPrefix("shrinking: 0 shrink steps"))
        #expect(lines[3].hasPrefix("stateful: 20 sequences ("))
        #expect(lines[3].hasSuffix(" sequences/s"))
    }
}
