import Explorer
import Foundation

/// `cardcheck replay TRACE.json`: re-runs a saved trace on today's model.
enum ReplayCommand {
    static let help = """
        usage: cardcheck replay TRACE.json [--log FILE.log.jsonl]

        Rebuilds the model from the trace's configuration, re-runs its steps, and says whether
        the same property still breaks at the same step, or exactly where the behaviour
        diverges (a disabled step, a changed state, a property no longer broken).
        Every step is checked (actor indices, enabled action, model, configuration) before any
        of it is rendered. Exit code: 0 reproduced, 1 diverged, 2 a missing, truncated,
        unknown-model, newer-format or otherwise invalid trace file (a step naming a phone,
        session, host, server or habit its configuration lacks, or a missing initial state,
        is invalid: one line naming it), 4 output not written (the --log file's place is tried
        first: one that cannot be written is exit 4 before the replay; '', '-', or a device,
        FIFO, socket or directory there is exit 2).
        --log FILE writes the server's log of the replayed steps (models with a server log;
        Docs/diagnose.md), the file `cardcheck diagnose` reads.
        """

    static func run(_ arguments: [String], console: Console) throws -> Int32 {
        let args = try Arguments(arguments, command: "replay", options: ["--log"], flags: [])
        guard args.positionals.count == 1 else {
            throw CommandError.arguments(command: "replay", expected: "one trace file")
        }
        let path = args.positionals[0]
        // The log's place is tried before the trace is read: a log that cannot be written costs no replay.
        let logPath = try args.string("--log").map { try OutputFile.check($0, flag: "--log") }
        let data = try ConfigFile.read(path)
        let header: TraceHeader
        do {
            header = try TraceHeader.read(data)
        } catch let error as TraceFileError {
            throw CommandError("\(path): \(error.description)")
        }
        guard let entry = ModelCatalog.entry(header.model) else { throw CommandError.unknownModel(path, header.model) }
        guard case .object(var configuration)? = (try? JSONValue(parsing: data))?["configuration"] else {
            throw CommandError("\(path): $.configuration: missing or not an object")
        }
        if let named = configuration["model"], named != .string(header.model) {
            throw CommandError("\(path): $.configuration.model: not the trace's model \"\(StrictJSON.shortened(header.model))\"")
        }
        configuration.removeValue(forKey: "model")
        for key in ["steps", "initialState"] {
            if let value = (try? JSONValue(parsing: data))?[key], let found = StrictJSON.firstFraction(in: value, path: "$." + key) {
                throw CommandError("\(path): \(found.path): expected an integer, got \(found.value)")
            }
        }
        let model = try ConfigFile.open(entry, .object(configuration), path: path, root: "$.configuration")
        return try model.replay(data, path, logPath, console)
    }
}
