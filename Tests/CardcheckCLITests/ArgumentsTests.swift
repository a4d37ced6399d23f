import Testing
@testable import CardcheckCLI

@Suite struct ArgumentsTests {
    func parse(_ args: [String]) throws -> Arguments {
        try Arguments(args, command: "check", options: ["--depth", "--budget"], flags: ["--count"])
    }

    @Test("options take the next argument or an = value; switches and positionals are kept")
    func parses() throws {
        let a = try parse(["m.json", "--depth", "7", "--budget=0", "--count"])
        #expect(a.positionals == ["m.json"])
        #expect(try a.positive("--depth") == 7)
        #expect(try a.nonNegative("--budget") == 0)
        #expect(a.has("--count"))
    }

    @Test("an unknown flag names itself and the command")
    func unknown() {
        #expect(throws: CommandError("unknown flag '--dpeth' for cardcheck check (try: cardcheck check --help)")) {
            try parse(["m.json", "--dpeth", "3"])
        }
    }

    @Test("a bound that is not a positive integer is refused with its value", arguments: ["0", "-3", "ten", "2.5", ""])
    func notPositive(value: String) throws {
        let a = try parse(["--depth", value])
        #expect(throws: CommandError("--depth must be a positive integer, got '\(value)'")) { try a.positive("--depth") }
    }

    @Test("an option without its value is refused")
    func missingValue() {
        #expect(throws: CommandError("--depth needs a value")) { try parse(["m.json", "--depth"]) }
    }

    @Test("a seed takes the full 64-bit range and nothing else")
    func seed() throws {
        let a = try Arguments(["--seed", "18446744073709551615"], command: "simulate", options: ["--seed"], flags: [])
        #expect(try a.seed() == UInt64.max)
        let b = try Arguments(["--seed", "-1"], command: "simulate", options: ["--seed"], flags: [])
        #expect(throws: CommandError("--seed must be an integer from 0 to 18446744073709551615 (decimal, or hexadecimal as 0x…), got '-1'")) { try b.seed() }
    }

    @Test("a seed is read in the hexadecimal form a CI report records it in, or in decimal; the same value")
    func hexadecimalSeed() throws {
        func seed(_ text: String) throws -> UInt64? {
            try Arguments(["--seed", text], command: "nightly", options: ["--seed"], flags: []).seed()
        }
        #expect(try seed("0xffffffffffffffff") == UInt64.max)
        #expect(try seed("0x2a") == 42 && seed("42") == 42)
        for bad in ["0x", "0x+1", "0xg", "+1", "0x10000000000000000", "1e3"] {
            #expect(throws: CommandError.notSeed(bad)) { try seed(bad) }
        }
    }
}
