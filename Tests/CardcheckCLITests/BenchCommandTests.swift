import Testing
@testable import CardcheckCLI

@Suite struct BenchCommandTests {
    @Test("bench refuses files and bad counts with one line, exit 2 (its figures are not tested)")
    func badInput() {
        let c = CapturedConsole()
        #expect(c.run("bench", "--repeat", "0") == 2)
        #expect(c.err == ["cardcheck: --repeat must be a positive integer, got '0'"])
        let d = CapturedConsole()
        #expect(d.run("bench", "Models/die-hard.json") == 2)
        #expect(d.err == ["cardcheck: cardcheck bench takes no file (try: cardcheck bench --help)"])
        let e = CapturedConsole()
        #expect(e.run("bench", "--fleet", "/nonexistent/fleet.json") == 2)
        #expect(e.err.count == 1 && e.err.first?.hasPrefix("cardcheck: ") == true && e.out.isEmpty)
    }
}
