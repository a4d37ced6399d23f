import Testing
@testable import CardcheckCLI

@Suite struct SimulateCommandTests {
    @Test("the same seed prints the same output, line for line")
    func deterministic() {
        let a = CapturedConsole(), b = CapturedConsole()
        #expect(a.run("simulate", "Models/flag-mutex.json", "--seed", "42", "--depth", "30", "--walks", "50") == 1)
        _ = b.run("simulate", "Models/flag-mutex.json", "--seed", "42", "--depth", "30", "--walks", "50")
        #expect(a.out == b.out)
    }

    @Test("the printed reproduce line replays the failing walk alone, to the same violation")
    func reproduceLine() throws {
        let first = CapturedConsole()
        _ = first.run("simulate", "Models/flag-mutex.json", "--seed", "7", "--depth", "40", "--walks", "200")
        let line = try #require(first.out.first { $0.hasPrefix("  reproduce: cardcheck simulate ") })
        let args = line.dropFirst("  reproduce: cardcheck ".count).split(separator: " ").map(String.init)
        let again = CapturedConsole()
        #expect(CardcheckCommand.run(args, console: again.console) == 1)
        let violation = { (c: CapturedConsole) in c.out.drop { !$0.hasPrefix("  VIOLATED") }.prefix(7) }
        #expect(Array(violation(again)) == Array(violation(first)))
    }

    @Test("walks that is not a positive integer is one line, exit 2")
    func badWalks() {
        let c = CapturedConsole()
        #expect(c.run("simulate", "Models/flag-mutex.json", "--walks", "0") == 2)
        #expect(c.err == ["cardcheck: --walks must be an integer from 1 to 1000000000, got '0'"])
    }
}

@Suite struct SimulateSaveTests {
    @Test("--save writes the minimized counterexample of a walk, and it replays")
    func saves() {
        let scratch = Scratch()
        let c = CapturedConsole()
        #expect(c.run("simulate", "Models/flag-mutex.json", "--seed", "3", "--depth", "30", "--walks", "20", "--save", scratch.path) == 1)
        let path = scratch.path + "/mutual-exclusion.json"
        #expect(c.out.last == "saved \(path) (replay: cardcheck replay \(path))")
        let replay = CapturedConsole()
        #expect(replay.run("replay", path) == 0)
        #expect(replay.out.last?.hasPrefix("reproduced: \"mutual exclusion\"") == true)
    }
}
