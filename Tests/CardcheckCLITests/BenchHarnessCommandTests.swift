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
}
