/// One `cardcheck` subcommand: its name, a one-line summary, its `--help` text, and how it runs.
public struct Subcommand: Sendable {
    public let name: String
    public let summary: String
    public let help: String
    /// Runs with the arguments after the subcommand's name; throws `CommandError` on bad input.
    let run: @Sendable ([String], Console) throws -> Int32

    init(name: String, summary: String, help: String, run: @escaping @Sendable ([String], Console) throws -> Int32) {
        self.name = name
        self.summary = summary
        self.help = help
        self.run = run
    }
}
