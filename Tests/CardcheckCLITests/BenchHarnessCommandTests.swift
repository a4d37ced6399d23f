import PropertyTesting
import Testing
@testable import CardcheckCLI

@Suite struct BenchHarnessCommandTests {
    @Test("bench-harness prints the harness's figures and exits 0")
    func printsFigures() {
        let c = CapturedConsole()
        #expect(c.run("bench-harness", "--cases", "100", "--failures", "1") == 0)
        #expect(c.out.count == 4)
        #expect(c.out.first == "harness benchmark: cases 100, failing runs shrunk 1, stateful sequences 10")
        #expect(c.out.dropFirst().first?.hasSuffix(" cases/s") == true)
        #expect(c.out.dropFirst(2).first?.hasSuffix(" shrink steps/s") == true)
        #expect(c.out.last?.hasSuffix(" sequences/s") == true)
    }

    @Test("bench-harness has its own --help")
    func help() {
        let c = CapturedConsole()
        #expect(c.run("bench-harness", "--help") == 0)
        #expect(c.out.first == "usage: cardcheck bench-harness [--cases N] [--failures F]")
    }

    @Test("a bad count or a stray argument is one line and exit code 2")
    func badInput() {
        let zero = CapturedConsole()
        #expect(zero.run("bench-harness", "--cases", "0") == 2)
        #expect(zero.err == ["cardcheck: --cases must be a positive integer, got '0'"])
        let stray = CapturedConsole()
        #expect(stray.run("bench-harness", "models.json") == 2)
        #expect(stray.err == ["cardcheck: cardcheck bench-harness takes no file (try: cardcheck bench-harness --help)"])
    }

    @Test("bench-harness --challenge prints the shrinking challenge's table for the chosen challenges")
    func challenge() {
        let c = CapturedConsole()
        #expect(c.run("bench-harness", "--challenge", "--seeds", "2", "--only", "reverse,coupling") == 0)
        #expect(c.out.count == 5)
        #expect(c.out.first == "shrinking challenge: 2 challenges, 2 seeds each, PR shrink budget (5000 candidates); "
            + "bar: ideal in 95% of seeds where Hypothesis reaches it, else 90%")
        #expect(c.out[2].hasPrefix("reverse "))
        #expect(c.out[3].hasPrefix("coupling "))
    }

    @Test("bench-harness --big prints the big-input shrink per list shape; its options are its own")
    func big() {
        let c = CapturedConsole()
        #expect(c.run("bench-harness", "--big", "--elements", "200") == 0)
        #expect(c.out.count == 4)
        #expect(c.out.first?.hasPrefix("big inputs: a 200-element list failing an unsigned radix sort") == true)
        #expect(c.out.last?.hasPrefix("array(count: 200...200): 200 → 200 elements (1 non-zero: -1 at 199) ") == true)
        let mixed = CapturedConsole()
        #expect(mixed.run("bench-harness", "--big", "--cases", "5") == 2)
        #expect(mixed.err == ["cardcheck: --cases is not used with --big"])
        let alone = CapturedConsole()
        #expect(alone.run("bench-harness", "--elements", "5") == 2)
        #expect(alone.err == ["cardcheck: --elements is only used with --big"])
    }

    @Test("an unknown challenge is one line naming the known ones, exit code 2")
    func unknownChallenge() {
        let c = CapturedConsole()
        #expect(c.run("bench-harness", "--challenge", "--only", "bound6") == 2)
        #expect(c.err == ["cardcheck: --only: unknown challenge 'bound6' (one of: bound5, large_union_list, reverse, calculator, "
            + "lengthlist, difference_must_not_be_zero, difference_must_not_be_small, difference_must_not_be_one, binheap, "
            + "coupling, deletion, distinct, nested_lists, binheap_variant_preorder, calculator_variant_depth5)"])
    }
}

extension BenchHarnessCommandTests {
    @Test("a stop (Ctrl-C, SIGTERM) ends a huge --cases run early with the figures of the work done")
    func stops() {
        var asked = 0
        // Stops at its fourth check: 3 × 256 cases generated, nothing after.
        let lines = HarnessBenchmark.run(cases: 1_000_000_000, failures: 500) {
            asked += 1
            return asked > 3
        }
        #expect(lines.first == "harness benchmark: cases 768, failing runs shrunk 0, stateful sequences 0")
        #expect(lines.count == 4)
        let challenge = HarnessBenchmark.challenges(seeds: 2, only: ["reverse", "coupling"]) { true }
        #expect(challenge.count == 3)
    }
}
