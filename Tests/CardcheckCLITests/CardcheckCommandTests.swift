import Testing
@testable import CardcheckCLI

@Suite struct CardcheckCommandTests {
    @Test("an unknown subcommand is one line on stderr and exit code 2")
    func unknownSubcommand() {
        let c = CapturedConsole()
        #expect(c.run("chekc", "x.json") == 2)
        #expect(c.err == ["cardcheck: unknown subcommand 'chekc' (try: cardcheck --help)"])
        #expect(c.out.isEmpty)
    }

    @Test("no arguments is one line naming the subcommands, exit 2")
    func noArguments() {
        let c = CapturedConsole()
        #expect(CardcheckCommand.run([], console: c.console) == 2)
        let names = CardcheckCommand.subcommands.map(\.name).joined(separator: ", ")
        #expect(c.err == ["cardcheck: no subcommand (one of: \(names); cardcheck --help for details)"])
        #expect(c.out.isEmpty)
    }

    @Test("--help lists every subcommand and every registered model")
    func help() {
        let c = CapturedConsole()
        #expect(c.run("--help") == 0)
        for name in ["check", "simulate", "replay", "bench"] {
            #expect(c.out.contains { $0.hasPrefix("  \(name) ") })
        }
        for model in ModelCatalog.names {
            #expect(c.out.contains { $0.hasPrefix("  \(model): ") })
        }
    }

    @Test("each subcommand has its own --help, exit code 0", arguments: ["check", "simulate", "replay", "bench"])
    func subcommandHelp(name: String) {
        let c = CapturedConsole()
        #expect(c.run(name, "--help") == 0)
        #expect(c.out.first?.hasPrefix("usage: cardcheck \(name)") == true)
    }
}
