/// One `cardcheck` subcommand: its name, a one-line summary, its `--help` text, and how it runs.
public struct Subcommand: Sendable {
    public let name: String
    public let summary: String
    public let help: String
    /// Whether it runs long and stops on SIGINT or SIGTERM with its partial report (`RunStop`);
    /// any other exits at once on a signal.
    let stoppable: Bool
    /// Runs with the arguments after the subcommand's name; throws `CommandError` on bad input.
    let run: @Sendable ([String], Console) throws -> Int32

    init(
        name: String, summary: String, help: String, stoppable: Bool = true,
        run: @escaping @Sendable ([String], Console) throws -> Int32
    ) {
        self.name = name
        self.summary = summary
        self.help = help
        self.stoppable = stoppable
        self.run = run
    }
}
